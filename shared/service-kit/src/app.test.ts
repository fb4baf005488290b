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
