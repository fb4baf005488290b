import { describe, expect, it } from 'vitest';
import { baseConfigSchema, ConfigError, loadConfig } from './config.ts';
import { createServiceApp, type ServiceDefinition } from './app.ts';
import { openDatabase } from './db.ts';

/** A service named "probe" on its own PGlite database, with the routes given. */
async function probeApp(routes: ServiceDefinition['routes'], database?: ServiceDefinition['database']) {
  return createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0' }),
    database: database ?? (await openDatabase({})),
    logger: false,
    routes,
  });
}

describe('loadConfig', () => {
  it('names a missing variable', () => {
    expect(() => loadConfig(baseConfigSchema, {})).toThrow(/PORT is required but not set/);
  });

  it('names a malformed variable and its problem', () => {
    try {
      loadConfig(baseConfigSchema, { PORT: 'eighty', DATABASE_URL: 'mysql://x' });
      expect.unreachable('loadConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/DATABASE_URL: /);
    }
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig(baseConfigSchema, { PORT: '4001', DATABASE_URL: '', LOG_LEVEL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('applies defaults', () => {
    expect(loadConfig(baseConfigSchema, { PORT: '4001' })).toMatchObject({ PORT: 4001, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  });
});

describe('readiness', () => {
  it('answers 503 when the database has gone away, and 200 while it is there', async () => {
    const database = await openDatabase({});
    const app = await probeApp(async () => {}, { ...database, close: async () => {} });
    expect((await app.inject('/health/ready')).statusCode).toBe(200);
    await database.close();
    const response = await app.inject('/health/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', service: 'probe', checks: { database: 'unreachable' } });
    await app.close();
  });
});

describe('NUL characters', () => {
  it('are refused in any JSON body with a 400, before a route sees them', async () => {
    let reached = false;
    const app = await probeApp(async (instance) => {
      instance.post('/echo', async () => {
        reached = true;
        return { ok: true };
      });
    });
    const nested = await app.inject({ method: 'POST', url: '/echo', payload: { a: [{ b: 'x\u0000y' }] } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.message).toBe('Text cannot contain NUL characters.');
    expect(reached).toBe(false);
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { a: 'fine' } })).statusCode).toBe(200);
    await app.close();
  });
});

describe('addresses the router refuses', () => {
  it('answer in our error shape: 414 for an over-long parameter, 400 for broken %-encoding', async () => {
    const app = await probeApp(async (instance) => {
      instance.get('/items/:id', async () => ({ ok: true }));
    });
    const long = await app.inject({ method: 'GET', url: `/items/${'a'.repeat(5000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, error: { code: 'URI_TOO_LONG', message: 'A part of the address is too long.' } });
    const broken = await app.inject({ method: 'GET', url: '/items/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, error: { code: 'BAD_URL', message: 'The address is not correctly encoded.' } });
    expect((await app.inject({ method: 'GET', url: '/items/abc' })).statusCode).toBe(200);
    await app.close();
  });
});

/** A PostgreSQL address where no server listens (the pool connects only when a query needs it). */
const NO_SERVER = 'postgres://keisha@127.0.0.1:9/none';

describe('a dependency that fails', () => {
  it('is answered 503 with a reason and Retry-After when PostgreSQL cannot be reached, never 500', async () => {
    // A real pg pool towards a port where no server listens: every query fails as during a restart.
    const app = await probeApp(
      async (instance) => {
        instance.post('/write', async () => {
          await instance.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
          return { ok: true };
        });
      },
      await openDatabase({ url: NO_SERVER }),
    );
    const response = await app.inject({ method: 'POST', url: '/write', payload: {} });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
    await app.close();
  });

  it('leaves a bug of ours a 500', async () => {
    const app = await probeApp(async (instance) => {
      instance.get('/bug', async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      });
    }, await openDatabase({ url: NO_SERVER }));
    const response = await app.inject('/bug');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});

describe('calls from our own services', () => {
  it('are never throttled as one address when they carry the internal token; anyone else is', async () => {
    const app = await createServiceApp({
      name: 'probe',
      config: loadConfig(baseConfigSchema, { PORT: '0', RATE_LIMIT_MAX: '5' }),
      database: await openDatabase({ url: NO_SERVER }),
      logger: false,
      internalToken: () => 'a-token-of-at-least-thirty-two-characters',
      routes: async (instance) => {
        instance.get('/plan', async () => ({ ok: true }));
      },
    });
    const statuses = async (headers: Record<string, string>) => {
      const seen: number[] = [];
      for (let i = 0; i < 10; i++) seen.push((await app.inject({ url: '/plan', headers })).statusCode);
      return seen;
    };
    expect(await statuses({ 'x-keisha-internal-token': 'a-token-of-at-least-thirty-two-characters' })).toEqual(Array(10).fill(200));
    const forged = await statuses({ 'x-keisha-internal-token': 'a-guess-of-at-least-thirty-two-characters' });
    expect(forged.filter((s) => s === 429)).toHaveLength(5);
    await app.close();
  });
});

describe('a path asked with a method it does not take', () => {
  it('answers 405 naming the methods it takes, in our shape; an unknown path stays 404', async () => {
    const app = await probeApp(async (service) => {
      service.post('/api/things', async () => ({ ok: true }));
      service.get('/api/things/:id', async () => ({ ok: true }));
      service.delete('/api/things/:id', async () => ({ ok: true }));
    });
    const wrong = await app.inject({ method: 'GET', url: '/api/things?page=2' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect(wrong.json()).toEqual({ success: false, error: { code: 'METHOD_NOT_ALLOWED', message: '/api/things does not take GET; it takes POST.' } });

    const put = await app.inject({ method: 'PUT', url: '/api/things/42', payload: { a: 1 } });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, DELETE');

    // The service's own routes count too (health), and a wildcard (CORS's preflight) does not make every path known.
    expect((await app.inject({ method: 'POST', url: '/health/live' })).headers.allow).toBe('GET, HEAD');
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'No route GET /api/nothing-here' } });
    expect((await app.inject({ method: 'DELETE', url: '/api/things/42/more' })).statusCode).toBe(404);
    await app.close();
  });
});
