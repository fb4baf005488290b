// `node infra/replicas/bench-limits.ts`: what a shared rate-limit store costs a request. One service (the service
// kit with one limited route, real HTTP on loopback) is loaded by autocannon for BENCH_SECONDS (5) with 10
// connections, after a warm-up run, its limits counted: in memory; in a real Redis (testRedis: TEST_REDIS_URL,
// 127.0.0.1:6379, or redis-server started here); in a Redis at a closed port; in one that accepts and never answers.
import net from 'node:net';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import { baseConfigSchema, createServiceApp, openDatabase } from '@keisha/service-kit';
import { freePort, testRedis } from '@keisha/service-kit/testing';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const pglite = await PGlite.create('memory://');
const redis = await testRedis();

/** A server that accepts connections and never answers: a Redis that hangs. */
async function silentServer(): Promise<{ url: string; close(): void }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket.on('error', () => {})));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function measure(name: string, env: Record<string, string>, seconds = SECONDS) {
  const database = await openDatabase({ pglite });
  const app = await createServiceApp({
    name: 'bench',
    config: baseConfigSchema.parse({ PORT: 0, RATE_LIMIT_MAX: 1_000_000_000, ...env }),
    database: { ...database, close: async () => {} },
    logger: false,
    routes: async (service) => {
      service.get('/limited', async () => ({ ok: true }));
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const result = await autocannon({ url: `${url}/limited`, connections: 10, duration: seconds });
  const metrics = (await app.inject('/metrics')).body;
  const fallbacks = /^rate_limit_store_fallbacks_total\{[^}]*\} (\d+)$/m.exec(metrics)?.[1] ?? '-';
  await app.close();
  return {
    store: name,
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    non2xx: result.non2xx,
    'decided in memory': fallbacks,
  };
}

const silent = await silentServer();
await measure('warm-up', {}, 2); // the first run would pay for the JIT
const rows = [await measure('memory (no REDIS_URL)', {})];
if (redis) rows.push(await measure(`Redis (${redis.source})`, { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix() }));
else console.log('No Redis found: the shared case is left out.');
rows.push(await measure('Redis at a closed port', { REDIS_URL: `redis://127.0.0.1:${await freePort()}` }));
rows.push(await measure('Redis that never answers', { REDIS_URL: silent.url }));
silent.close();
await redis?.stop();
await pglite.close();
console.table(rows);
