// `npm run bench:identity`: sign-in throughput and latency under autocannon on loopback, next to the
// raw argon2id hash rate, to show what a sign-in costs and that hashing is most of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../local/topology.ts';
import { hashPassword, verifyPassword } from '../../services/identity/src/domain/passwords.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4901);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const base = `http://127.0.0.1:${PORT}`;

// 1. The hash alone, in this process: serial, then as many at once as libuv's pool runs.
const sample = await hashPassword('benchmark-password');
let started = performance.now();
const serial = 20;
for (let i = 0; i < serial; i++) await verifyPassword('benchmark-password', sample);
const serialMs = (performance.now() - started) / serial;
started = performance.now();
const parallel = 40;
await Promise.all(Array.from({ length: parallel }, () => verifyPassword('benchmark-password', sample)));
const parallelRate = parallel / ((performance.now() - started) / 1000);

// 2. The real service, as a process, on its embedded database (or DATABASE_URL).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-identity-'));
const service = spawn(process.execPath, [path.join(REPO_ROOT, 'services/identity/src/server.ts')], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT_MAX: '1000000',
    ADMIN_EMAIL: 'bench-admin@example.org',
    ADMIN_PASSWORD: 'bench-admin-password',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const credentials = { email: 'bench@example.org', password: 'benchmark-password' };
  await fetch(`${base}/api/bias-auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });

  const run = async (connections: number) => {
    const result = await autocannon({
      url: `${base}/api/bias-auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
      connections,
      duration: DURATION,
    });
    const latency = result.latency as unknown as Record<string, number>;
    return { perSecond: result['2xx'] / DURATION, p50: latency.p50!, p99: latency.p99!, failed: result.non2xx + result.errors };
  };
  const single = await run(1);
  const loaded = await run(CONNECTIONS);
  const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`argon2id (m=19456 KiB, t=2, p=1) in process: ${serialMs.toFixed(1)} ms per hash serially; ${parallelRate.toFixed(1)} hashes/s with ${parallel} at once`);
  console.log(`POST /api/bias-auth/login on ${store}, ${DURATION} s each:`);
  for (const [label, r] of [['1 connection', single], [`${CONNECTIONS} connections`, loaded]] as const) {
    console.log(`  ${label.padEnd(14)} ${r.perSecond.toFixed(1).padStart(6)} sign-ins/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ${r.failed} failed`);
  }
  console.log(`Hashing is ${((serialMs / single.p50) * 100).toFixed(0)}% of an unloaded sign-in (${serialMs.toFixed(1)} of ${single.p50} ms).`);
} finally {
  service.kill('SIGTERM');
  await new Promise((resolve) => service.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
