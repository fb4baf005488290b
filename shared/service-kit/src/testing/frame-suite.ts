// The conformance checks every service passes: health, OpenAPI, the error shape, security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceApp } from '../app.ts';
import { databaseTargets, type TestDatabase } from './databases.ts';
import type { DatabaseKind } from '../db.ts';

export interface StartedService {
  app: ServiceApp;
  database: TestDatabase<any>;
}

export type StartService = (target: { kind: DatabaseKind; url?: string }, env?: Record<string, string>) => Promise<StartedService>;

export async function describeServiceFrame(name: string, start: StartService, expectedPaths: string[] = []): Promise<void> {
  const targets = await databaseTargets();

  describe.each(targets)(`${name} service frame on $kind`, (target) => {
    let ctx: StartedService;
    beforeAll(async () => {
      ctx = await start(target);
    });
    afterAll(async () => {
      await ctx.app.close();
      await ctx.database.destroy();
    });

    it('is live, and ready with its database checked', async () => {
      expect((await ctx.app.inject('/health/live')).json()).toEqual({ status: 'ok', service: name });
      expect((await ctx.app.inject('/health/ready')).json()).toEqual({ status: 'ok', service: name, checks: { database: 'ok' } });
    });

    it('publishes OpenAPI and the docs page', async () => {
      const spec = (await ctx.app.inject('/docs/json')).json();
      expect(spec.openapi).toMatch(/^3\./);
      for (const path of ['/health/ready', ...expectedPaths]) expect(Object.keys(spec.paths)).toContain(path);
      const page = await ctx.app.inject('/docs');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('swagger-ui');
    });

    it('answers unknown routes with the one error shape and a request id', async () => {
      const response = await ctx.app.inject('/api/does-not-exist');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends security headers', async () => {
      const response = await ctx.app.inject('/health/live');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBeDefined();
      expect(response.headers['strict-transport-security']).toBeDefined();
    });
  });

  describe(`${name} rate limiting`, () => {
    let ctx: StartedService;
    beforeAll(async () => {
      ctx = await start(targets[0]!, { RATE_LIMIT_MAX: '3' });
    });
    afterAll(async () => {
      await ctx.app.close();
      await ctx.database.destroy();
    });

    it('answers 429 with a clear message once a client exceeds the limit', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await ctx.app.inject('/api/anything')).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
      const response = await ctx.app.inject('/api/anything');
      expect(response.json()).toMatchObject({ success: false, error: { code: expect.stringMatching(/^RATE_LIMIT(ED|_EXCEEDED)$/) } });
      expect(response.json().error.message).toMatch(/Too many requests/);
    });
  });
}
