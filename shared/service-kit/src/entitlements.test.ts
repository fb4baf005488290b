import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entitlementLookup } from './entitlements.ts';

// The shared client against a small HTTP server answering billing's /entitlements/me the way billing does;
// the services' own tests run it against the real billing process.
describe('entitlementLookup', () => {
  let server: Server;
  let url = '';
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const seen: string[] = [];
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };
  const plan = (chat_tier: unknown) => ({ status: 200, body: { success: true, entitlement: { decoder_tier: 'free', chat_tier, expires_at: null, lifetime: false } } });
  const lookup = () =>
    entitlementLookup<string>(url, {
      read: (entitlement) => (['Free', 'Pro'].includes(entitlement.chat_tier as string) ? (entitlement.chat_tier as string) : undefined),
      free: 'Free',
      fallbackNote: 'counting the account on Free',
      log,
    });

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.authorization}`);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    warnings.length = 0;
  });

  it('forwards the caller’s Authorization header to billing’s /api/billing/entitlements/me and reads the plan', async () => {
    answer = plan('Pro');
    expect(await lookup()({ userId: 'u1', bearer: 'Bearer abc' })).toBe('Pro');
    expect(seen).toEqual(['/api/billing/entitlements/me Bearer abc']);
  });

  it('caches a paid answer per account, and never the free one', async () => {
    const plans = lookup();
    answer = plan('Pro');
    await plans({ userId: 'paid', bearer: 'Bearer p' });
    await plans({ userId: 'paid', bearer: 'Bearer p' });
    answer = plan('Free');
    await plans({ userId: 'free', bearer: 'Bearer f' });
    answer = plan('Pro');
    expect(await plans({ userId: 'free', bearer: 'Bearer f' })).toBe('Pro');
    expect(seen).toHaveLength(3);
  });

  it.each([
    ['a refusal', { status: 401, body: { success: false, error: { code: 'UNAUTHENTICATED', message: 'no' } } }],
    ['an unknown plan', plan('Platinum')],
    ['no entitlement', { status: 200, body: { success: true } }],
    ['null', { status: 200, body: 'null' }],
    ['not JSON', { status: 200, body: '<html>' }],
  ])('answers the free plan, and logs why, on %s', async (_label, reply) => {
    answer = reply;
    expect(await lookup()({ userId: 'u2', bearer: 'Bearer x' })).toBe('Free');
    expect(warnings).toEqual(['billing entitlements unavailable; counting the account on Free']);
  });

  it('answers the free plan when billing cannot be reached', async () => {
    const unreachable = entitlementLookup('http://127.0.0.1:9', { read: () => 'Pro', free: 'Free', fallbackNote: 'Free', log });
    expect(await unreachable({ userId: 'u3', bearer: 'Bearer x' })).toBe('Free');
    expect(warnings).toHaveLength(1);
  });
});
