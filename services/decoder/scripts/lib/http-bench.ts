// The analysis over real HTTP under autocannon: the decoder service as a process, tokens from a real
// identity process, every request taking a use from its counter in PostgreSQL (PGlite without one).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, processCpuMs } from '@keisha/service-kit/testing';
import { settle, startBenchDecoder, WARMUP_SECONDS, waitUntilAnswering } from './decoder-process.ts';
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


// Both servers are warmed (WARMUP_SECONDS, decoder-process.ts), the hello world as the decoder.
// The machine's speed drifts (a hello world answered 46,000-75,000 req/s within one hour, 17,000-27,000 on
// another day from one run to the next): the two are timed in turns, each analysis round against the mean of
// the hello world rounds on either side of it, and the median of those ratios is the figure. BENCH_ROUNDS sets
// how many analysis rounds (3 by default).
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

/** The bare Fastify hello world as its own process, kept running (and warm) between its rounds. */
async function startHelloWorld(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--input-type=module', '-e', HELLO_WORLD], {
    env: { ...process.env, PORT: String(port) },
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitUntilAnswering(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function benchHttp(article: string, { seconds = 10, connections = 10 } = {}): Promise<void> {
  const hello = await startHelloWorld();
  let decoder: Awaited<ReturnType<typeof startBenchDecoder>> | undefined;
  let answered = 0;
  try {
    decoder = await startBenchDecoder('http', {
      ANALYSIS_RATE_LIMIT_MAX: '10000000',
      DEFAULT_ACCOUNT_TIER: 'annual', // unlimited, so every request writes its counter and none is refused
      NODE_OPTIONS: [
        process.env.BENCH_CPU_PROF ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` : '',
        // perf names the JIT's functions from the map file V8 writes with this flag.
        process.env.BENCH_PERF ? '--perf-basic-prof' : '',
        process.env.BENCH_DECODER_NODE_OPTIONS ?? '',
      ].join(' ').trim(),
    });
    const { base, identity } = decoder;
    const token = await identity.tokenFor('user');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const body = JSON.stringify({ text: article, time_zone: 'UTC' });
    const analysisLoad = (duration: number) => autocannon({ url: `${base}/api/bias-analysis`, method: 'POST', headers, body, connections, duration });
    const helloPerSecond = async () => (await autocannon({ url: hello.url, connections, duration: seconds }))['2xx'] / seconds;
    const counted = async () => ((await (await fetch(`${base}/api/bias-usage/current?time_zone=UTC`, { headers })).json()) as { usage: { daily_count: number } }).usage.daily_count;

    if (WARMUP_SECONDS > 0) {
      await autocannon({ url: hello.url, connections, duration: WARMUP_SECONDS });
      await analysisLoad(WARMUP_SECONDS);
      await settle();
    }
    let perfAnalyses: number | undefined;
    const hellos = [await helloPerSecond()];
    const rounds: Array<{ perSecond: number; p50: number; p99: number; non2xx: number; errors: number; cpuMs?: number; serverCpuMs?: number; added: number; answers: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const countedBefore = await counted();
      const cpuBefore = processCpuMs(decoder.pid);
      const serverCpu = decoder.databaseUrl ? await countDatabaseServerCpu(decoder.databaseUrl) : undefined;
      const perf = process.env.BENCH_PERF && round === 0 ? recordOnCpu(process.env.BENCH_PERF, decoder.pid, seconds) : undefined;
      const result = await analysisLoad(seconds);
      const cpuAfter = processCpuMs(decoder.pid);
      const serverCpuMs = await serverCpu?.();
      const perfSeconds = await perf;
      await settle();
      const countedAfter = await counted();
      const latency = result.latency as unknown as Record<string, number>;
      const perSecond = result['2xx'] / seconds;
      rounds.push({
        perSecond,
        p50: latency.p50!,
        p99: latency.p99!,
        non2xx: result.non2xx,
        errors: result.errors,
        cpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
        serverCpuMs,
        added: countedAfter - countedBefore,
        answers: result['2xx'],
      });
      answered = countedAfter;
      if (perfSeconds !== undefined) perfAnalyses = perfSeconds * perSecond;
      hellos.push(await helloPerSecond());
    }

    console.log(
      `\nHTTP: POST /api/bias-analysis (${article.split(/\s+/).length} words), ${connections} connections, ${ROUNDS} rounds of ${seconds} s ` +
        `after ${WARMUP_SECONDS} s of warm-up, each between two ${seconds} s rounds of a bare Fastify hello world (warmed too); ` +
        `quota counter on ${decoder.databaseName}:`,
    );
    const ratios = rounds.map((r, i) => (100 * r.perSecond) / ((hellos[i]! + hellos[i + 1]!) / 2));
    rounds.forEach((r, i) => {
      // autocannon stops counting at the deadline; requests still in flight then complete on the server.
      const extra = r.added - r.answers;
      console.log(
        `  round ${i + 1}: ${r.perSecond.toFixed(0)} analyses/s   p50 ${r.p50} ms   p99 ${r.p99} ms   ${r.non2xx} non-2xx   ${r.errors} errors; ` +
          `hello world ${hellos[i]!.toFixed(0)} / ${hellos[i + 1]!.toFixed(0)} req/s; ${ratios[i]!.toFixed(1)}%`,
      );
      console.log(
        `           decoder CPU ${r.cpuMs === undefined ? '?' : (r.cpuMs / r.answers).toFixed(2)} ms per analysis` +
          (r.serverCpuMs === undefined ? '' : `, PostgreSQL's server processes ${(r.serverCpuMs / r.answers).toFixed(2)} ms`) +
          `; quota counter +${r.added} for ${r.answers} answers (+${extra} in flight at the deadline; consistent: ${extra >= 0 && extra <= connections ? 'yes' : 'NO'})`,
      );
    });
    console.log(`  the analysis is ${median(ratios).toFixed(1)}% of the hello world (median of the rounds; aim >= 5%)`);
    if (process.env.BENCH_PERF && perfAnalyses !== undefined) printOnCpu(process.env.BENCH_PERF, perfAnalyses, decoder.pid);
  } finally {
    await decoder?.stop();
    await hello.stop();
  }
  if (process.env.BENCH_CPU_PROF && decoder) printProfile(process.env.BENCH_CPU_PROF, decoder.pid, answered);
}

/**
 * Samples the decoder's threads while they are on a CPU (`perf record -e cpu-clock`), for the middle of the
 * load. V8's own profile (BENCH_CPU_PROF) samples by the clock: time the process waited for a core while
 * another process ran is charged to whatever it was doing (its socket writes, which wake the client, showed
 * 13% of the decoder's time there, where perf finds 7% of its CPU in the kernel altogether). Resolves to
 * the seconds recorded.
 */
function recordOnCpu(file: string, pid: number | undefined, seconds: number): Promise<number | undefined> {
  const recorded = Math.max(1, seconds - 4);
  return new Promise((resolve) => {
    if (pid === undefined) return resolve(undefined);
    setTimeout(() => {
      const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', '2000', '-p', String(pid), '-o', file, '--', 'sleep', String(recorded)], { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      perf.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      perf.on('error', () => {
        console.log('  BENCH_PERF: `perf` is not installed (Debian: apt-get install linux-perf)');
        resolve(undefined);
      });
      perf.on('exit', (code) => {
        if (code !== 0) console.log(`  BENCH_PERF: perf record failed: ${errors.trim().split('\n').pop()}`);
        resolve(code === 0 ? recorded : undefined);
      });
    }, 2000);
  });
}

/** The functions the decoder's threads spent their CPU in (`perf report`), per analysis answered while recording. */
function printOnCpu(file: string, analyses: number, pid: number | undefined): void {
  const report = spawnSync('perf', ['report', '-i', file, '--stdio', '--no-children', '--sort', 'sym', '-g', 'none', '-n'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const rows = report.stdout.split('\n').flatMap((line) => {
    const match = /^\s*([\d.]+)%\s+(\d+)\s+\[[.k]\]\s+(.*)$/.exec(line);
    return match ? [{ share: Number(match[1]), samples: Number(match[2]), name: match[3]!.replace(/ file:\/\/\/.*?\/(services|shared)\//, ' $1/').slice(0, 110) }] : [];
  });
  const total = rows.reduce((sum, row) => sum + row.samples, 0);
  // A sample stands for 0.5 ms of one thread on a CPU (2,000 a second).
  console.log(`  on-CPU (perf, ${file}): ${((total * 500) / analyses).toFixed(0)} us of CPU per analysis in all threads; the 25 largest functions:`);
  for (const { share, samples, name } of rows.slice(0, 25)) console.log(`    ${share.toFixed(2).padStart(6)}%  ${((samples * 500) / analyses).toFixed(1).padStart(6)} us  ${name}`);
  // The JIT's symbol map V8 wrote for perf (megabytes per run).
  if (pid !== undefined) rmSync(`/tmp/perf-${pid}.map`, { force: true }); // where V8 writes it, whatever TMPDIR says
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
