// Where a service-kit app's CPU went, from a V8 CPU profile (node --cpu-prof), by the hook or plugin of the
// request's path: each sample goes to the most specific part any frame of its stack belongs to (helmet before
// the Fastify hook runner that called it, the logger before the tracing code that made it). For
// request-overhead.ts; the decoder's bench has its own, coarser parts (services/decoder/scripts/lib/cpu-profile.ts).
// The attribution itself is service-kit testing's profileBreakdown.
import { profileBreakdown, type ProfileBreakdown, type ProfilePartRule } from '../../src/testing/cpu-profile.ts';

/** Loading modules at start: not per-request work, left out of busyMs and the parts. */
export const STARTUP = 'start-up (loading modules)';

/** The parts, most specific first: a sample counts for the first part any frame of its stack matches. */
const PARTS: ProfilePartRule[] = [
  [STARTUP, (f) => /node:internal\/modules\/|node:internal\/main\/run_main|amaro/.test(f.url) || f.functionName === 'compileSourceTextModule'],
  ['request logger (pino child, trace ids bound)', (f) => /node_modules\/pino\/|childLoggerFactory/.test(f.url + f.functionName)],
  ['tracing: span start, context (OpenTelemetry)', (f) => /@opentelemetry\/|shared\/telemetry\//.test(f.url)],
  ['tracing hooks (service-kit tracing.ts)', (f) => /service-kit\/src\/tracing\.ts/.test(f.url)],
  ['security headers (helmet)', (f) => /helmet|security-headers/.test(f.url)],
  ['CORS', (f) => /@fastify\/cors/.test(f.url)],
  ['rate limit', (f) => /rate-limit|toad-cache|ip-address/.test(f.url)],
  ['metrics (histogram observe)', (f) => /service-kit\/src\/metrics|prom-client/.test(f.url)],
  ['body guard', (f) => /body-guard/.test(f.url)],
  ['request id (genReqId, randomUUID)', (f) => f.functionName === 'genReqId' || f.functionName === 'randomUUID'],
  ['response serializer (zod encode, JSON.stringify)', (f) => /fastify-type-provider-zod\/.*core\.js/.test(f.url) && f.lineNumber >= 112],
  ['request validation (zod parse)', (f) => /fastify-type-provider-zod|node_modules\/zod\//.test(f.url)],
  ['other service-kit hooks (app.ts, errors.ts)', (f) => /service-kit\/src\/(app|errors|request-hooks)\.ts/.test(f.url)],
  ['JSON body parse', (f) => /secure-json-parse|content-type-parser/.test(f.url)],
  ['route handler', (f) => /request-overhead\.ts/.test(f.url)],
  // Node's own work comes before Fastify's: a socket write under the hook runner is the write, not the runner.
  ['node http, sockets, streams', (f) => /node:_http|node:net|node:internal\/streams|stream_base|node:internal\/http/.test(f.url) || /^writeUtf8String$|^writev$|^writeBuffer$/.test(f.functionName)],
  ['fastify hook runner', (f) => /fastify\/lib\/hooks\.js/.test(f.url)],
  ['fastify (routing, request, reply)', (f) => /node_modules\/fastify\/|find-my-way|fast-json-stringify|proxy-addr|fast-querystring/.test(f.url)],
];

export type { ProfilePart } from '../../src/testing/cpu-profile.ts';

/** The request-overhead bench's breakdown: per-request work only (start-up left out). */
export function profileByPart(file: string): ProfileBreakdown {
  return profileBreakdown(file, PARTS, { leaveOut: STARTUP });
}
