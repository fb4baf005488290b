// Where a service-kit app's CPU went, from a V8 CPU profile (node --cpu-prof), by the hook or plugin of the
// request's path: each sample goes to the most specific part any frame of its stack belongs to (helmet before
// the Fastify hook runner that called it, the logger before the tracing code that made it). For
// request-overhead.ts; the decoder's bench has its own, coarser breakdown (services/decoder/scripts/lib/cpu-profile.ts).
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

type Frame = ProfileNode['callFrame'];

/** Loading modules at start: not per-request work, left out of busyMs and the parts. */
export const STARTUP = 'start-up (loading modules)';

/** The parts, most specific first: a sample counts for the first part any frame of its stack matches. */
const PARTS: Array<[string, (frame: Frame) => boolean]> = [
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

export interface ProfilePart {
  part: string;
  ms: number;
}

export interface ProfileParts {
  busyMs: number;
  /** Every sample, by part. */
  parts: ProfilePart[];
  /** The 25 functions with the most samples at the top of the stack. */
  topSelf: ProfilePart[];
}

export function profileByPart(file: string): ProfileParts {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const leaf = nodes.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') return;
    let best = PARTS.length;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)!.callFrame;
      for (let p = 0; p < best; p++) if (PARTS[p]![1](frame)) best = p;
    }
    const { functionName, url, lineNumber } = leaf.callFrame;
    const part = best < PARTS.length ? PARTS[best]![0] : functionName.startsWith('(') ? functionName : 'other';
    if (part === STARTUP) return;
    busy += micros;
    totals.set(part, (totals.get(part) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(shared|services)\//, '$1/')}:${lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + micros);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).map(([part, micros]) => ({ part, ms: micros / 1000 }));
  return { busyMs: busy / 1000, parts: sorted(totals), topSelf: sorted(self).slice(0, 25) };
}
