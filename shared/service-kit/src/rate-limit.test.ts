// The service kit's rate limits in memory (one process) and shared through a real Redis (replicas), and what a
// service does while Redis cannot answer: a closed port, a server that never replies, a server that comes back.
import net from 'node:net';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from './app.ts';
import { baseConfigSchema, loadConfig } from './config.ts';
import { openDatabase } from './db.ts';
import { rateLimitKeyPrefix, waitMessage } from './rate-limit.ts';
import { canStartRedisServer, freePort, startRedisServer, testRedis, type TestRedis } from './testing/index.ts';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create('memory://');
}, 60_000);
afterAll(() => pglite?.close());

interface Probe {
  app: ServiceApp;
  logs: Array<{ level: number; msg: string }>;
}

/** A service with a route limited per address (the service-wide limit) and one limited per API key. */
async function probe(env: Record<string, string>, name = 'probe'): Promise<Probe> {
  const logs: Probe['logs'] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
      done();
    },
  });
  const database = await openDatabase({ pglite });
  const app = await createServiceApp({
    name,
    config: loadConfig(baseConfigSchema, { PORT: '0', ...env }),
    database: { ...database, close: async () => {} },
    logger: { level: 'info', stream },
    routes: async (service) => {
      service.get('/things', async () => ({ ok: true }));
      service.get(
        '/keyed',
        { config: { rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: (request) => String(request.headers['x-api-key']) } } },
        async () => ({ ok: true }),
      );
    },
  });
  await app.ready();
  return { app, logs };
}

const from = (address: string, url = '/things', headers: Record<string, string> = {}): InjectOptions => ({ method: 'GET', url, remoteAddress: address, headers });
const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode);
const passed = (responses: Array<{ statusCode: number }>) => responses.filter((r) => r.statusCode === 200).length;

/** `count` requests alternating between the apps, one after another. */
async function alternate(apps: ServiceApp[], count: number, request: InjectOptions) {
  const responses: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await apps[i % apps.length]!.inject(request));
  return responses;
}

describe('the refusal message', () => {
  it('says one second in the singular', () => {
    expect(waitMessage(1)).toBe('Too many requests. Please wait 1 second and try again.');
    expect(waitMessage(42)).toBe('Too many requests. Please wait 42 seconds and try again.');
  });
});

describe('rate limits without REDIS_URL', () => {
  let apps: Probe[];
  beforeAll(async () => {
    apps = [await probe({ RATE_LIMIT_MAX: '3' }), await probe({ RATE_LIMIT_MAX: '3' })];
  });
  afterAll(async () => {
    for (const { app } of apps ?? []) await app.close();
  });

  it('counts in the process: the limit holds for one process, and each replica has its own', async () => {
    const one = await alternate([apps[0]!.app], 4, from('198.51.100.1'));
    expect(statuses(one)).toEqual([200, 200, 200, 429]);
    // Two replicas: each counts its own share, so together they let twice the limit through (why REDIS_URL).
    expect(passed(await alternate([apps[0]!.app, apps[1]!.app], 8, from('198.51.100.2')))).toBe(6);
  });

  it('exposes no shared-store metrics', async () => {
    expect((await apps[0]!.app.inject('/metrics')).body).not.toContain('rate_limit_store_up');
  });
});

const redis = await testRedis();
const redisTargets: TestRedis[] = redis ? [redis] : [];

describe.each(redisTargets)('rate limits shared through Redis ($source)', (target: TestRedis) => {
  const keyPrefix = target.keyPrefix();
  const env = { REDIS_URL: target.url, REDIS_KEY_PREFIX: keyPrefix, RATE_LIMIT_MAX: '10' };
  let replicas: Probe[];
  let client: Redis;
  beforeAll(async () => {
    replicas = [await probe(env), await probe(env)];
    client = new Redis(target.url);
  });
  afterAll(async () => {
    for (const { app } of replicas ?? []) await app.close();
    client?.disconnect();
  });

  it('lets exactly the limit through across two replicas, requests alternating', async () => {
    const responses = await alternate(
      replicas.map((r) => r.app),
      20,
      from('198.51.100.10'),
    );
    expect(statuses(responses)).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    const refused = responses.at(-1)!;
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address has its own count.
    expect((await replicas[1]!.app.inject(from('198.51.100.11'))).statusCode).toBe(200);
  });

  it('lets exactly the limit through when 30 requests of one address arrive at once on both', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => replicas[i % 2]!.app.inject(from('198.51.100.12'))));
    expect(passed(responses)).toBe(10);
  });

  it('shares a route\'s own limit by its own key (an API key), whichever replica answers', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => replicas[i % 2]!.app.inject(from(`198.51.100.${20 + i}`, '/keyed', { 'x-api-key': 'key-a' }))));
    expect(passed(responses)).toBe(5);
    expect((await replicas[0]!.app.inject(from('198.51.100.40', '/keyed', { 'x-api-key': 'key-b' }))).statusCode).toBe(200);
  });

  it('keeps its keys under the environment\'s prefix and the service\'s name, expiring with the window', async () => {
    const keys = await client.keys(`${keyPrefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.startsWith(rateLimitKeyPrefix(keyPrefix, 'probe'))).toBe(true);
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('never mixes the counts of two services, or of two environments, on one Redis', async () => {
    const other = [await probe(env, 'other-service'), await probe({ ...env, REDIS_KEY_PREFIX: `${keyPrefix}-staging` })];
    try {
      const address = '198.51.100.50';
      expect(passed(await alternate([replicas[0]!.app], 12, from(address)))).toBe(10);
      for (const { app } of other) expect((await app.inject(from(address))).statusCode).toBe(200);
    } finally {
      for (const { app } of other) await app.close();
    }
  });

  it('reports the store answering on its metrics', async () => {
    const metrics = (await replicas[0]!.app.inject('/metrics')).body;
    expect(metrics).toMatch(/^rate_limit_store_up\{service="probe"\} 1$/m);
    expect(metrics).toMatch(/^rate_limit_store_fallbacks_total\{service="probe"\} 0$/m);
  });
});

/** A TCP server that accepts connections and never answers: a Redis that hangs. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const metricValue = (body: string, name: string) => Number(new RegExp(`^${name}\\{service="probe"\\} (\\d+)$`, 'm').exec(body)?.[1]);

describe('while Redis cannot answer', () => {
  it('starts at once, answers every request and still limits each address in memory, saying so once: a closed port', async () => {
    const closedPort = await freePort();
    const started = performance.now();
    const { app, logs } = await probe({ REDIS_URL: `redis://127.0.0.1:${closedPort}`, RATE_LIMIT_MAX: '3', REDIS_TIMEOUT_MS: '100' });
    try {
      expect(performance.now() - started).toBeLessThan(2000);
      const before = performance.now();
      const responses = await alternate([app], 6, from('198.51.100.60'));
      expect(statuses(responses)).toEqual([200, 200, 200, 429, 429, 429]);
      // Refused at once (no queue, no wait for a connection).
      expect((performance.now() - before) / responses.length).toBeLessThan(50);
      const warnings = logs.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings.filter((m) => m.startsWith('shared rate-limit store not reachable at start'))).toHaveLength(1);
      // One line for the outage: it was down from the start.
      expect(warnings.filter((m) => m.startsWith('shared rate-limit store not answering'))).toHaveLength(0);
      const metrics = (await app.inject('/metrics')).body;
      expect(metricValue(metrics, 'rate_limit_store_up')).toBe(0);
      expect(metricValue(metrics, 'rate_limit_store_fallbacks_total')).toBe(6);
    } finally {
      await app.close();
    }
  });

  it('waits no longer than REDIS_TIMEOUT_MS for a Redis that accepts and never replies, then not at all during the cooldown', async () => {
    const silent = await silentServer();
    const { app } = await probe({ REDIS_URL: silent.url, RATE_LIMIT_MAX: '3', REDIS_TIMEOUT_MS: '150' });
    try {
      const timings: number[] = [];
      const responses = [];
      for (let i = 0; i < 5; i++) {
        const before = performance.now();
        responses.push(await app.inject(from('198.51.100.61')));
        timings.push(performance.now() - before);
      }
      expect(statuses(responses)).toEqual([200, 200, 200, 429, 429]);
      expect(timings[0]).toBeLessThan(150 + 250);
      for (const ms of timings.slice(1)) expect(ms).toBeLessThan(50);
    } finally {
      await app.close();
      await silent.close();
    }
  });

  // Needs a Redis this test can start and stop itself.
  const restartable = canStartRedisServer() ? ['redis-server'] : [];
  it.each(restartable)('keeps answering, limiting in memory, when %s stops while in use', async () => {
    const server = await startRedisServer();
    const { app, logs } = await probe({ REDIS_URL: server.url, RATE_LIMIT_MAX: '3', REDIS_TIMEOUT_MS: '100', REDIS_KEY_PREFIX: 'keisha-test-stop' });
    try {
      expect(statuses(await alternate([app], 2, from('198.51.100.80')))).toEqual([200, 200]);
      await server.stop();
      const before = performance.now();
      const after = await alternate([app], 4, from('198.51.100.80'));
      // This process saw two requests before: its memory allows one more, then refuses.
      expect(statuses(after)).toEqual([200, 429, 429, 429]);
      expect(performance.now() - before).toBeLessThan(4 * 100 + 300);
      expect(logs.filter((l) => l.level === 40 && l.msg.startsWith('shared rate-limit store not answering'))).toHaveLength(1);
      expect(metricValue((await app.inject('/metrics')).body, 'rate_limit_store_up')).toBe(0);
    } finally {
      await app.close();
      await server.stop();
    }
  });

  it.each(restartable)('shares the limits again once %s answers, and says so', async () => {
    const port = await freePort();
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MAX: '4', REDIS_TIMEOUT_MS: '100', REDIS_KEY_PREFIX: 'keisha-test-recovery' };
    const replicas = [await probe(env), await probe(env)];
    const server = await startRedisServer({ port });
    try {
      const apps = replicas.map((r) => r.app);
      // ioredis reconnects with backoff (at most 2 s); the cooldown then lets the next request ask it.
      const deadline = Date.now() + 8000;
      while (metricValue((await apps[0]!.inject('/metrics')).body, 'rate_limit_store_up') !== 1 || metricValue((await apps[1]!.inject('/metrics')).body, 'rate_limit_store_up') !== 1) {
        if (Date.now() > deadline) throw new Error('the services did not take Redis back within 8 s');
        await Promise.all(apps.map((app) => app.inject(from('198.51.100.70'))));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(passed(await alternate(apps, 8, from('198.51.100.71')))).toBe(4);
      for (const { logs } of replicas) {
        expect(logs.filter((l) => l.msg.startsWith('shared rate-limit store answering again'))).toHaveLength(1);
      }
    } finally {
      for (const { app } of replicas) await app.close();
      await server.stop();
    }
  });
});

afterAll(async () => {
  await redis?.stop();
});
