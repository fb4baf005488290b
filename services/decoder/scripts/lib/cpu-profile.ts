// Where a process spent its CPU, from a V8 CPU profile (node --cpu-prof): each sample goes to one part
// of the request's path, the most specific part found on its stack (the analyzer before the route that
// called it, the database driver before the socket it writes to). For the HTTP bench's breakdown.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

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

export interface ProfileBreakdown {
  busyMs: number;
  parts: Array<{ part: string; ms: number }>;
}

export function profileBreakdown(file: string): ProfileBreakdown {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) => `${node.callFrame.functionName}@${node.callFrame.url}:${node.callFrame.lineNumber}`;
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const leaf = nodes.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    busy += micros;
    let best = PARTS.length;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = label(nodes.get(at)!);
      for (let p = 0; p < best; p++) if (PARTS[p]![1].test(frame)) best = p;
    }
    const part = best < PARTS.length ? PARTS[best]![0] : leaf.callFrame.functionName.startsWith('(') ? leaf.callFrame.functionName : 'other';
    totals.set(part, (totals.get(part) ?? 0) + micros);
  });
  return {
    busyMs: busy / 1000,
    parts: [...totals].sort((a, b) => b[1] - a[1]).map(([part, micros]) => ({ part, ms: micros / 1000 })),
  };
}
