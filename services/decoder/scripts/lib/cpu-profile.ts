// Where a process spent its CPU, from a V8 CPU profile (node --cpu-prof): each sample goes to one part
// of the request's path, the most specific part found on its stack (the analyzer before the route that
// called it, the database driver before the socket it writes to). For the HTTP bench's breakdown; the attribution is service-kit testing's profileBreakdown, these are the decoder's parts.
import { profileBreakdown as breakdownByRules, type ProfileBreakdown, type ProfileFrame, type ProfilePartRule } from '@keisha/service-kit/testing';

/** The parts, most specific first: a sample is counted in the first part any frame of its stack matches. */
const PARTS: Array<[string, RegExp]> = [
  ['analyzer (domain/analyzer)', /domain\/analyzer\//],
  ['history entry (title)', /domain\/history\.ts|historyEntry@/],
  ['result checked and written as JSON', /resultJson@|answerJson@/],
  ['response serializer (zod)', /fastify-type-provider-zod.*core\.js:1[01]\d|serialize@.*fastify\/lib\/reply\.js/],
  ['request validation (zod)', /fastify-type-provider-zod|node_modules\/zod\//],
  ['body guard', /body-guard/],
  ['auth (token, session check)', /service-kit\/src\/auth|session-check|fast-jwt|@fastify\/jwt/],
  ['reader days', /reader-days/],
  ['rate limit', /rate-limit/],
  ['helmet, cors', /helmet|@fastify\/cors/],
  ['metrics', /service-kit\/src\/metrics|prom-client/],
  ['logging', /pino|abstract-logging/],
  ['database (kysely, pg, group commit)', /kysely|node_modules\/pg|pg-protocol|pg-pool|repositories\/|dataloader|service-kit\/src\/(?:group-commit|batches)/],
  ['JSON body parse', /secure-json-parse|content-type-parser/],
  ['route handler', /routes\/analysis/],
  ['fastify (incl. writing the answer)', /node_modules\/fastify\/|find-my-way/],
  ['node http, sockets', /node:_http|node:net|stream_base|internal\/streams/],
  ['start-up (loading modules)', /modules\/esm|modules\/cjs|run_main/],
];

const label = (frame: ProfileFrame) => `${frame.functionName}@${frame.url}:${frame.lineNumber}`;
const RULES: ProfilePartRule[] = PARTS.map(([part, pattern]) => [part, (frame: ProfileFrame) => pattern.test(label(frame))]);

/** The decoder's CPU by part of the request's path, start-up included (service-kit testing's attribution). */
export function profileBreakdown(file: string): ProfileBreakdown {
  return breakdownByRules(file, RULES);
}
