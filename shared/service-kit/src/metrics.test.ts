import { afterEach, describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config.ts';
import { createServiceApp, type ServiceApp, type ServiceDefinition } from './app.ts';
import { openDatabase } from './db.ts';
import { databaseTargets } from './testing/index.ts';

const started: ServiceApp[] = [];

/** A service named "probe", listening on a free loopback port: the scrape is a real HTTP request. */
async function startProbe(routes: ServiceDefinition['routes'], env: Record<string, string> = {}, url?: string) {
  const app = await createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0', ...env }),
    database: await openDatabase(url ? { url } : {}),
    logger: false,
    routes,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  started.push(app);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, base: `http://127.0.0.1:${address.port}` };
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.indexOf('}'));
    if (Object.entries(labels).every(([key, value]) => body.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('counts requests by route template and status, with latency buckets, and the process', async () => {
    const { base } = await startProbe(async (app) => {
      app.get('/items/:id', async (request, reply) => ((request.params as { id: string }).id === 'bad' ? reply.status(500).send({ success: false }) : { ok: true }));
    });
    await fetch(`${base}/items/1`);
    await fetch(`${base}/items/2`);
    await fetch(`${base}/items/bad`);
    await fetch(`${base}/nowhere/${'x'.repeat(20)}`);
    await fetch(`${base}/health/live`);

    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const count = (labels: Record<string, string>) => sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ service: 'probe', method: 'GET', route: '/items/:id', status_code: '200' })).toBe(2);
    expect(count({ route: '/items/:id', status_code: '500' })).toBe(1);
    expect(count({ route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/items/:id', status_code: '200', le: '+Inf' })).toBe(2);
    // Probes and the scrape itself are not traffic.
    expect(text).not.toContain('route="/health/live"');
    expect(text).not.toContain('route="/metrics"');
    expect(text).toContain('process_cpu_user_seconds_total{service="probe"}');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is refused with our 404 to any request that came through a proxy, so the public edge cannot reach it', async () => {
    const { base } = await startProbe(async () => {});
    for (const header of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      const response = await fetch(`${base}/metrics`, { headers: header });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No route GET /metrics' } });
    }
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it('is outside the rate limit and the OpenAPI document', async () => {
    const { base } = await startProbe(async () => {}, { RATE_LIMIT_MAX: '2' });
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/metrics`)).status).toBe(200);
    const openapi = (await (await fetch(`${base}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toContain('/health/live');
    expect(Object.keys(openapi.paths)).not.toContain('/metrics');
  });

  it('lets a service count its own events', async () => {
    const { app, base } = await startProbe(async (instance) => {
      const refusals = instance.metrics.counter('quota_refusals_total', 'Refused for quota.', ['reader']);
      instance.post('/refuse', async () => {
        refusals.inc({ reader: 'guest' });
        return { ok: true };
      });
    });
    await fetch(`${base}/refuse`, { method: 'POST' });
    await fetch(`${base}/refuse`, { method: 'POST' });
    expect(sample(await app.metrics.registry.metrics(), 'quota_refusals_total', { reader: 'guest' })).toBe(2);
    expect(sample(await (await fetch(`${base}/metrics`)).text(), 'quota_refusals_total', { service: 'probe', reader: 'guest' })).toBe(2);
  });
});

describe('database pool metrics', async () => {
  const postgres = (await databaseTargets()).find((target) => target.kind === 'postgres');
  // On PostgreSQL only (TEST_DATABASE_URL, or one answering on 5432), like every service test's second run.
  if (postgres) it('report the PostgreSQL pool: its size, open and idle connections, and waiting requests', async () => {
    const { base } = await startProbe(async () => {}, {}, postgres!.url);
    await fetch(`${base}/health/ready`); // opens one connection
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(10);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
  });

  it('are absent on PGlite, which has no pool', async () => {
    const { base } = await startProbe(async () => {});
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('db_pool_connections');
  });
});
