// The decoder service as a process for the HTTP benchmarks: tokens from a real identity process, its
// tables in a schema of their own on PostgreSQL when one answers (PGlite in a temporary folder without),
// and everything removed again by stop().
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseTargets, dropSchemas, freePort, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';

// DECODER_SERVER runs another entry point (an older copy of the service, or a wrapper) to compare.
const SERVER = process.env.DECODER_SERVER ? path.resolve(process.env.DECODER_SERVER) : path.resolve(import.meta.dirname, '..', '..', 'src', 'server.ts');

// BENCH_DECODER_NODE_ARGS: options for the decoder's node that NODE_OPTIONS does not take (V8's GC flags and
// tracing, e.g. "--trace-gc"); its output then goes to this process's standard output.
const NODE_ARGS = (process.env.BENCH_DECODER_NODE_ARGS ?? '').split(' ').filter(Boolean);

// Each HTTP bench loads the decoder for a while before it measures, so that it is timed as a running service is,
// with its code compiled (and its analysis thread started): a fresh decoder spent 3-13% of its CPU in V8's
// optimizing compiler for the first seconds of load, and ran a third of its time in less optimized code (perf,
// 2026-11-26). Five seconds were not enough: with them, the first timed round was never faster than a later one in
// four runs (4.2-4.8% of the hello world, against up to 7.2% later), and perf found V8's compiler threads still
// using 2-10% of a core through that round; after 30 s of load, the six rounds of two runs were all within 5.3-5.9%
// (README, "Issue 16, measured again", fifth session). BENCH_WARMUP=0 times it cold, as these benches did before.
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 30);

/** Waits for the requests still in flight when a load ended (autocannon stops counting at its deadline). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

export interface BenchDecoder {
  base: string;
  pid: number | undefined;
  identity: IdentityProcess;
  /** Where the counters are written: 'PostgreSQL' or 'PGlite'. */
  databaseName: string;
  /** The PostgreSQL it writes to (undefined on PGlite). */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export async function waitUntilAnswering(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts identity and the decoder (`env` added to the decoder's) and waits until the decoder is ready. */
export async function startBenchDecoder(label: string, env: Record<string, string>): Promise<BenchDecoder> {
  const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
  const schema = `decoder_${label}_${process.pid}`;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `keisha-bench-${label}-`));
  // Identity on the same PostgreSQL (its own schema) when there is one, as in a deployment.
  const identitySchema = `identity_${label}_${process.pid}`;
  const identity = await startIdentityProcess(postgres?.url ? { DATABASE_URL: postgres.url, DATABASE_SCHEMA: identitySchema } : {});
  const decoder = spawn(process.execPath, [...NODE_ARGS, SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      IDENTITY_URL: identity.url,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '10000000',
      ...env,
    },
    stdio: ['ignore', NODE_ARGS.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (decoder.exitCode === null && decoder.signalCode === null) {
      decoder.kill('SIGTERM');
      await new Promise((resolve) => decoder.once('exit', resolve));
    }
    await identity.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await dropSchemas(postgres?.url, [schema, identitySchema]);
  };
  try {
    await waitUntilAnswering(`${base}/health/ready`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: decoder.pid, identity, databaseName: postgres ? 'PostgreSQL' : 'PGlite', databaseUrl: postgres?.url, stop };
}
