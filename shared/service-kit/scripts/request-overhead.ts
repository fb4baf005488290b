// node shared/service-kit/scripts/request-overhead.ts [--seconds 5] [--rounds 2] [--cpu-prof] [--compare <src folder>]
//
// What the machinery createServiceApp adds to every request (request ids, the request logger with trace ids,
// tracing hooks, helmet, CORS, the rate limit, the body guard, zod validation and serialization, the latency
// histogram) costs in CPU, against the floor: a bare Fastify answering a JSON hello world.
//
// Each server runs as its own process under autocannon (10 connections), one after the other, in alternating
// rounds: hello world, then the service-kit app's GET route, then its POST route with a small zod body. For each
// it prints requests per second and the server process's CPU per request (user + system from /proc/<pid>/stat,
// so Linux only). The machine is shared, so the load average is printed with every round: compare runs whose
// loads are alike, and the kit app with the hello world of the same round. Figures only, no pass/fail.
//
// --compare <folder> adds, in every round, the same app built from another copy of service-kit's src folder (a
// worktree of an earlier commit, say), so that before and after alternate under the same load: the compared app
// runs first in odd rounds and last in even ones (--swap turns that round).
//
// --cpu-prof writes a V8 CPU profile of the kit app (POST route only) and prints where its samples went, by hook
// and plugin, in microseconds per request.
//
// The kit app has no database behind it (a stub handle: its routes never query one), logs at `error` and has a
// rate limit no load reaches, as the decoder's HTTP bench runs the decoder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { profileByPart, type ProfilePart } from './lib/profile-parts.ts';
import { freePort, processCpuMs } from '../src/testing/service-process.ts';

const SCRIPT = import.meta.filename;
const OWN_SRC = path.resolve(import.meta.dirname, '..', 'src');

// ---------------------------------------------------------------------------------------------------------
// The servers, run as `request-overhead.ts --serve hello|kit` in a child process.

async function serveHello(port: number): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
}

async function serveKit(port: number, src: string): Promise<void> {
  const { createServiceApp, z } = (await import(path.join(src, 'app.ts'))) as typeof import('../src/app.ts');
  const { baseConfigSchema, loadConfig } = (await import(path.join(src, 'config.ts'))) as typeof import('../src/config.ts');
  const config = loadConfig(baseConfigSchema, { PORT: String(port), LOG_LEVEL: 'error', RATE_LIMIT_MAX: '10000000' });
  const app = await createServiceApp({
    name: 'overhead',
    config,
    // Nothing here queries the database; readiness only pings it.
    database: { db: {} as never, kind: 'pglite', ping: async () => {}, close: async () => {} },
    routes: async (service) => {
      service.get('/ping', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
      service.post(
        '/echo',
        {
          schema: {
            body: z.object({ name: z.string().max(100), count: z.number().int().min(0) }),
            response: { 200: z.object({ name: z.string(), count: z.number() }) },
          },
        },
        async (request) => ({ name: request.body.name, count: request.body.count + 1 }),
      );
    },
  });
  // A graceful stop, so that --cpu-prof gets to write its profile at exit.
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port, host: '127.0.0.1' });
}

// ---------------------------------------------------------------------------------------------------------
// The driver.

interface Target {
  label: string;
  server: 'hello' | 'kit';
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

const TARGETS: Target[] = [
  { label: 'bare Fastify hello world GET /', server: 'hello', path: '/' },
  { label: 'service-kit app GET /ping', server: 'kit', path: '/ping' },
  { label: 'service-kit app POST /echo (zod body)', server: 'kit', path: '/echo', method: 'POST', body: JSON.stringify({ name: 'Ada Lovelace', count: 41 }) },
];


async function startServer(kind: 'hello' | 'kit', src = OWN_SRC, nodeOptions = ''): Promise<{ base: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SCRIPT, '--serve', kind], {
    env: { ...process.env, PORT: String(port), KIT_SRC: src, NODE_OPTIONS: nodeOptions },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/health/live`);
      break;
    } catch {
      if (child.exitCode !== null || i > 300) throw new Error(`the ${kind} server did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { base, child, stop };
}

interface Measured {
  perSecond: number;
  cpuUsPerRequest: number | undefined;
  answered: number;
  non2xx: number;
}

function loadOptions(base: string, target: Target) {
  return {
    url: `${base}${target.path}`,
    method: target.method ?? 'GET',
    headers: target.body ? { 'content-type': 'application/json' } : {},
    body: target.body,
    connections: 10,
  };
}

/** Every route of a server is loaded a while before any is measured, so that none is measured while V8 still compiles. */
async function warmUp(base: string, targets: readonly Target[]): Promise<void> {
  for (const target of targets) await autocannon({ ...loadOptions(base, target), duration: 2 });
}

async function load(base: string, pid: number | undefined, target: Target, seconds: number): Promise<Measured> {
  const options = loadOptions(base, target);
  const before = processCpuMs(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const after = processCpuMs(pid);
  const answered = result['2xx'];
  return {
    perSecond: answered / seconds,
    cpuUsPerRequest: before !== undefined && after !== undefined && answered > 0 ? ((after - before) * 1000) / answered : undefined,
    answered,
    non2xx: result.non2xx,
  };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function measureRound(round: number, seconds: number, compare: string | undefined, swap: boolean): Promise<void> {
  console.log(`round ${round} (load average ${loadAverage()}):`);
  let hello: number | undefined;
  const servers: Array<{ server: 'hello' | 'kit'; src?: string }> = [{ server: 'hello' }, { server: 'kit' }];
  // Before and after swap places every other round, so neither always runs second.
  if (compare) servers.splice((round % 2 === 1) !== swap ? 1 : 2, 0, { server: 'kit', src: compare });
  for (const { server, src } of servers) {
    const started = await startServer(server, src);
    try {
      await warmUp(started.base, TARGETS.filter((t) => t.server === server));
      for (const target of TARGETS.filter((t) => t.server === server)) {
        const measured = await load(started.base, started.child.pid, target, seconds);
        if (server === 'hello') hello = measured.perSecond;
        const share = server === 'kit' && hello ? `  ${((100 * measured.perSecond) / hello).toFixed(0)}% of hello world` : '';
        const cpu = measured.cpuUsPerRequest === undefined ? 'CPU n/a' : `${measured.cpuUsPerRequest.toFixed(1).padStart(6)} us CPU/request`;
        const refused = measured.non2xx > 0 ? `  (${measured.non2xx} non-2xx!)` : '';
        const label = src ? target.label.replace('service-kit app', 'compared app') : target.label;
        console.log(`  ${label.padEnd(40)} ${measured.perSecond.toFixed(0).padStart(6)} req/s  ${cpu}${share}${refused}`);
      }
    } finally {
      await started.stop();
    }
  }
}

async function profileKit(seconds: number): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'keisha-request-overhead-'));
  const target = TARGETS.find((t) => t.server === 'kit' && t.method === 'POST')!;
  const started = await startServer('kit', OWN_SRC, `--cpu-prof --cpu-prof-dir=${folder}`);
  let answered = 0;
  try {
    await warmUp(started.base, [target]);
    answered = (await load(started.base, started.child.pid, target, seconds)).answered;
  } finally {
    await started.stop();
  }
  const file = readdirSync(folder).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile in ${folder}`);
  // The warm-up's requests are in the profile too: counted at the measured rate.
  const total = answered * (1 + 2 / seconds);
  const { busyMs, parts, topSelf } = profileByPart(path.join(folder, file));
  console.log(`\nCPU profile of ${target.label} (${path.join(folder, file)}), ${busyMs.toFixed(0)} ms busy, about ${total.toFixed(0)} requests:`);
  const show = (rows: ProfilePart[]) => {
    for (const { part, ms } of rows) console.log(`  ${((100 * ms) / busyMs).toFixed(1).padStart(5)}%  ${((1000 * ms) / total).toFixed(2).padStart(6)} us/request  ${part}`);
  };
  show(parts);
  console.log('\nTop functions by self time:');
  show(topSelf);
  if (!process.env.KEEP_PROFILE) rmSync(folder, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '2' },
      'cpu-prof': { type: 'boolean', default: false },
      compare: { type: 'string' },
      swap: { type: 'boolean', default: false },
    },
  });
  if (values.serve) {
    const port = Number(process.env.PORT);
    return values.serve === 'hello' ? serveHello(port) : serveKit(port, process.env.KIT_SRC ?? OWN_SRC);
  }
  const seconds = Number(values.seconds);
  if (values['cpu-prof']) return profileKit(seconds);
  const compare = values.compare ? path.resolve(values.compare) : undefined;
  for (let round = 1; round <= Number(values.rounds); round++) await measureRound(round, seconds, compare, values.swap);
}

await main();
