// The public API's batch endpoint over real HTTP under autocannon: the decoder service as a process,
// an API key made through its own route, every batch of 50 articles counted on the key's day in
// PostgreSQL (PGlite without one). Prints articles per second and checks the count.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseTargets, freePort, startIdentityProcess } from '@keisha/service-kit/testing';

const SERVER = path.resolve(import.meta.dirname, '..', '..', 'src', 'server.ts');
const BATCH = 50;

export async function benchBatch(article: string, { seconds = 10, connections = 4 } = {}): Promise<void> {
  const postgres = (await databaseTargets()).find((t) => t.kind === 'postgres');
  const schema = `decoder_batch_bench_${process.pid}`;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-bench-batch-'));
  const identity = await startIdentityProcess();
  const decoder = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      IDENTITY_URL: identity.url,
      DATA_DIR: dataDir,
      DATABASE_URL: postgres?.url ?? '',
      DATABASE_SCHEMA: schema,
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '10000000',
      API_KEY_RATE_LIMIT_MAX: '10000000',
      API_KEY_DAILY_LIMIT: '1000000000',
      DEFAULT_ACCOUNT_TIER: 'annual', // the key's owner holds the annual plan without a billing service
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/health/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const token = await identity.tokenFor('user');
    const account = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const created = (await (await fetch(`${base}/api/decoder/api-keys`, { method: 'POST', headers: account, body: JSON.stringify({ name: 'bench' }) })).json()) as {
      secret: string;
      key: { id: string };
    };
    // Fifty different articles (the same text, numbered), so no layer can answer from a cache.
    const articles = Array.from({ length: BATCH }, (_, i) => ({ id: String(i), text: `${article} (${i})` }));
    const result = await autocannon({
      url: `${base}/api/v1/analyses:batch`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.secret}` },
      body: JSON.stringify({ articles }),
      connections,
      duration: seconds,
    });
    const keys = (await (await fetch(`${base}/api/decoder/api-keys`, { headers: account })).json()) as { keys: Array<{ id: string; used_today: number }> };
    const counted = keys.keys.find((k) => k.id === created.key.id)?.used_today ?? 0;
    const latency = result.latency as unknown as Record<string, number>;
    console.log(
      `\nHTTP: POST /api/v1/analyses:batch (${BATCH} articles of ${article.split(/\s+/).length} words), ${connections} connections for ${seconds} s, ` +
        `key usage on ${postgres ? 'PostgreSQL' : 'PGlite'}:`,
    );
    console.log(
      `  ${((result['2xx'] * BATCH) / seconds).toFixed(0)} articles/s (${(result['2xx'] / seconds).toFixed(1)} batches/s)   ` +
        `batch p50 ${latency.p50} ms   p99 ${latency.p99} ms   ${result.non2xx} non-2xx   ${result.errors} errors`,
    );
    const extra = counted - result['2xx'] * BATCH;
    console.log(
      `  key counted ${counted} articles for ${result['2xx']} batches answered (+${extra} in batches still in flight at the deadline; ` +
        `consistent: ${extra >= 0 && extra % BATCH === 0 && extra <= connections * BATCH ? 'yes' : 'NO'})`,
    );
  } finally {
    decoder.kill('SIGTERM');
    await new Promise((resolve) => decoder.once('exit', resolve));
    await identity.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (postgres?.url) {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
