import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('enterprise demo requests on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url });

  const request = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/enterprise-demo-request', payload: payload as object });
  const list = (token?: string) =>
    ctx.app.inject({ url: '/api/billing/admin/demo-requests', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('stores a lead once, however often the same person asks', async () => {
    expect((await request({ email: 'Lead@Corp.example' })).statusCode).toBe(201);
    expect((await request({ email: 'lead@corp.example ' })).statusCode).toBe(201);
    expect((await request({ email: 'lead\u202e@corp.example' })).statusCode).toBe(400);
    const rows = await ctx.database.db.selectFrom('enterprise_demo_requests').select('email').execute();
    expect(rows).toEqual([{ email: 'lead@corp.example' }]);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{}, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: '<script>@x.io' }, 'Please enter a valid email address'],
    [{ email: 'x'.repeat(10_000) }, 'Please enter a valid email address'],
    // Invisible characters would show a spoofed address to whoever reads the leads ("c.b@live").
    [{ email: '\u202eevil@b.c' }, 'Please enter a valid email address'],
    [{ email: 'lead\u200b@corp.example' }, 'Please enter a valid email address'],
  ])('refuses %j with its message', async (body, message) => {
    const response = await request(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('lists leads for administrators only, verifying tokens against identity’s published keys', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list('not.a.token')).statusCode).toBe(401);
    expect((await list(await identity.tokenFor('user'))).statusCode).toBe(403);
    const response = await list(await identity.tokenFor('admin'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, total: 1, requests: [{ email: 'lead@corp.example' }] });
  });
});
