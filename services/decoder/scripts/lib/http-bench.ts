// The analysis over real HTTP under autocannon: the decoder service as a process, tokens from a real
// identity process, every request taking a use from its counter in PostgreSQL (PGlite without one).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, processCpuMs } from '@keisha/service-kit/testing';
import { startBenchDecoder, waitUntilAnswering } from './decoder-process.ts';
import { profileBreakdown } from './cpu-profile.ts';
import { countDatabaseServerCpu } from './server-cpu.ts';

// The ceiling on this machine at this moment: a bare Fastify answering a JSON hello world, as its own
// process, under the same autocannon load. The analysis is quoted as a share of it, since the machine is shared.
const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;


async function helloWorldPerSecond(seconds: number, connections: number): Promise<number> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--input-type=module', '-e', HELLO_WORLD], {
    env: { ...process.env, PORT: String(port) },
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/`);
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections, duration: seconds });
    return result['2xx'] / seconds;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}


export async function benchHttp(article: string, { seconds = 10, connections = 10 } = {}): Promise<void> {
  const decoder = await startBenchDecoder('http', {
    ANALYSIS_RATE_LIMIT_MAX: '10000000',
    DEFAULT_ACCOUNT_TIER: 'annual', // unlimited, so every request writes its counter and none is refused
    NODE_OPTIONS: [process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '', process.env.BENCH_DECODER_NODE_OPTIONS ?? ''].join(' ').trim(),
  });
  const { base, identity } = decoder;
  let answered = 0;
  try {
    const token = await identity.tokenFor('user');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const cpuBefore = processCpuMs(decoder.pid);
    const serverCpu = decoder.databaseUrl ? await countDatabaseServerCpu(decoder.databaseUrl) : undefined;
    const result = await autocannon({
      url: `${base}/api/bias-analysis`,
      method: 'POST',
      headers,
      body: JSON.stringify({ text: article, time_zone: 'UTC' }),
      connections,
      duration: seconds,
    });
    const cpuAfter = processCpuMs(decoder.pid);
    const serverCpuMs = await serverCpu?.();
    const helloPerSecond = await helloWorldPerSecond(seconds, connections);
    const usage = (await (await fetch(`${base}/api/bias-usage/current?time_zone=UTC`, { headers })).json()) as { usage: { daily_count: number } };
    const latency = result.latency as unknown as Record<string, number>;
    console.log(
      `\nHTTP: POST /api/bias-analysis (${article.split(/\s+/).length} words), ${connections} connections for ${seconds} s, ` +
        `quota counter on ${decoder.databaseName}:`,
    );
    console.log(
      `  ${(result['2xx'] / seconds).toFixed(0)} analyses/s   p50 ${latency.p50} ms   p99 ${latency.p99} ms   ` +
        `${result.non2xx} non-2xx   ${result.errors} errors`,
    );
    const perSecond = result['2xx'] / seconds;
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      console.log(`  the decoder process used ${((cpuAfter - cpuBefore) / result['2xx']).toFixed(2)} ms of CPU per analysis`);
    }
    if (serverCpuMs !== undefined) {
      console.log(`  PostgreSQL's server processes used ${(serverCpuMs / result['2xx']).toFixed(2)} ms of CPU per analysis (the bench's database)`);
    }
    console.log(
      `  bare Fastify hello world, same load, same run: ${helloPerSecond.toFixed(0)} req/s; ` +
        `the analysis is ${((100 * perSecond) / helloPerSecond).toFixed(1)}% of it (aim >= 5%)`,
    );
    // autocannon stops counting at the deadline; requests still in flight then complete on the server.
    const extra = usage.usage.daily_count - result['2xx'];
    answered = usage.usage.daily_count;
    console.log(
      `  quota counter ${usage.usage.daily_count} for ${result['2xx']} answers counted by autocannon ` +
        `(+${extra} still in flight at the deadline; consistent: ${extra >= 0 && extra <= connections ? 'yes' : 'NO'})`,
    );
  } finally {
    await decoder.stop();
  }
  if (process.env.BENCH_CPU_PROF) printProfile(process.env.BENCH_CPU_PROF, decoder.pid, answered);
}

/** The decoder's CPU profile (written as it exited) by part of the request's path, per analysis answered. */
function printProfile(folder: string, pid: number | undefined, answered: number): void {
  const file = readdirSync(folder).find((name) => name.endsWith(`.${pid}.0.001.cpuprofile`));
  if (!file) return void console.log(`  no CPU profile of process ${pid} in ${folder}`);
  const { busyMs, parts } = profileBreakdown(path.join(folder, file));
  console.log(`  CPU profile ${path.join(folder, file)}: ${busyMs.toFixed(0)} ms busy in all (start-up included), by part:`);
  for (const { part, ms } of parts) {
    console.log(`    ${((100 * ms) / busyMs).toFixed(1).padStart(5)}%  ${((1000 * ms) / answered).toFixed(0).padStart(5)} us per analysis  ${part}`);
  }
}
