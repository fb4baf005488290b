import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { startIdentity, type TestContext } from './helpers.ts';

const targets = await databaseTargets();

describe.each(targets)('service frame on $kind', (target) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startIdentity(target);
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
  });

  it('is live and ready, with the database checked', async () => {
    expect((await ctx.app.inject('/health/live')).json()).toEqual({ status: 'ok', service: 'identity' });
    expect((await ctx.app.inject('/health/ready')).json()).toEqual({
      status: 'ok',
      service: 'identity',
      checks: { database: 'ok' },
    });
  });

  it('publishes OpenAPI with the waitlist route, and the docs page', async () => {
    const spec = (await ctx.app.inject('/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/api/waitlist');
    const page = await ctx.app.inject('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('answers unknown routes with the one error shape and a request id', async () => {
    const response = await ctx.app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject('/health/live');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });
});

describe('rate limiting', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startIdentity(targets[0]!, { RATE_LIMIT_MAX: '3' });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
  });

  it('answers 429 with a clear message once a client exceeds the limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await ctx.app.inject('/api/anything')).statusCode);
    expect(codes.slice(0, 3)).toEqual([404, 404, 404]);
    expect(codes[3]).toBe(429);
    const response = await ctx.app.inject('/api/anything');
    expect(response.json()).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
  });
});
