import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entitlementLookup } from './entitlements.ts';
import { AppError } from './errors.ts';

// The shared client against a small HTTP server answering billing's routes the way billing does; the
// services' own tests run it against the real billing process.
describe('entitlementLookup', () => {
  let server: Server;
  let url = '';
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  const seen: string[] = [];
  const warnings: string[] = [];
  const failures: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };
  const plan = (chat_tier: unknown) => ({ status: 200, body: { success: true, entitlement: { decoder_tier: 'free', chat_tier, expires_at: null, lifetime: false } } });
  const lookup = (options: { internalToken?: () => string; staleMs?: number; freshMs?: number } = {}) =>
    entitlementLookup<string>(url, {
      read: (entitlement) => (['Free', 'Pro'].includes(entitlement.chat_tier as string) ? (entitlement.chat_tier as string) : undefined),
      isFree: (tier) => tier === 'Free',
      log,
      onFailure: (outcome) => failures.push(outcome),
      ...options,
    });

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.authorization ?? request.headers['x-keisha-internal-token']}`);
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
    failures.length = 0;
  });

  it('asks billing’s internal route with the internal token when there is one', async () => {
    answer = plan('Pro');
    const userId = '2b1e8a5e-4a43-4a8e-9d1c-7f7a3b2c1d0e';
    expect(await lookup({ internalToken: () => 'secret' })({ userId, bearer: 'Bearer abc' })).toBe('Pro');
    expect(seen).toEqual([`/internal/billing/entitlements/${userId} secret`]);
  });

  it('forwards the reader’s Authorization header to /api/billing/entitlements/me without an internal token', async () => {
    answer = plan('Pro');
    expect(await lookup()({ userId: 'u1', bearer: 'Bearer abc' })).toBe('Pro');
    expect(seen).toEqual(['/api/billing/entitlements/me Bearer abc']);
  });

  it('reuses a paid answer for about a second, and asks again after a free one, so a purchase counts at once', async () => {
    const plans = lookup();
    answer = plan('Pro');
    await plans({ userId: 'paid', bearer: 'Bearer p' });
    await plans({ userId: 'paid', bearer: 'Bearer p' });
    expect(seen).toHaveLength(1);
    answer = plan('Free');
    expect(await plans({ userId: 'buyer', bearer: 'Bearer b' })).toBe('Free');
    // The reader pays within the second: their next request is on the paid plan.
    answer = plan('Pro');
    expect(await plans({ userId: 'buyer', bearer: 'Bearer b' })).toBe('Pro');
    expect(await plans({ userId: 'buyer', bearer: 'Bearer b' })).toBe('Pro');
    expect(seen).toHaveLength(3);
  });

  it('keeps a free reader free, not refused, when billing stops answering after a free answer', async () => {
    const plans = lookup();
    answer = plan('Free');
    expect(await plans({ userId: 'reader', bearer: 'Bearer r' })).toBe('Free');
    answer = { status: 500, body: { success: false, error: { code: 'INTERNAL', message: 'oops' } } };
    expect(await plans({ userId: 'reader', bearer: 'Bearer r' })).toBe('Free');
    expect(failures).toEqual(['stale']);
  });

  it.each([
    ['429', { status: 429, body: { success: false, error: { code: 'RATE_LIMITED', message: 'slow down' } } }],
    ['500', { status: 500, body: { success: false, error: { code: 'INTERNAL', message: 'oops' } } }],
    ['an unknown plan', plan('Platinum')],
    ['no entitlement', { status: 200, body: { success: true } }],
    ['not JSON', { status: 200, body: '<html>' }],
  ])('keeps a paying reader on the plan billing last gave when billing answers %s', async (_label, reply) => {
    const plans = lookup({ freshMs: 0 });
    answer = plan('Pro');
    expect(await plans({ userId: 'gold', bearer: 'Bearer g' })).toBe('Pro');
    answer = reply;
    expect(await plans({ userId: 'gold', bearer: 'Bearer g' })).toBe('Pro');
    expect(failures).toEqual(['stale']);
    expect(warnings).toEqual(['billing entitlements unavailable; using the last plan billing gave']);
  });

  it('answers 503 PLAN_UNAVAILABLE with Retry-After, never the free plan, when nothing is known', async () => {
    answer = { status: 429, body: {} };
    const error = await lookup()({ userId: 'new', bearer: 'Bearer n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'PLAN_UNAVAILABLE', retryAfterSeconds: 5 });
    expect(failures).toEqual(['unavailable']);
  });

  it('answers 503 when billing cannot be reached and nothing is known', async () => {
    const unreachable = entitlementLookup('http://127.0.0.1:9', { read: () => 'Pro', isFree: () => false, log });
    await expect(unreachable({ userId: 'u3', bearer: 'Bearer x' })).rejects.toMatchObject({ statusCode: 503, code: 'PLAN_UNAVAILABLE' });
    expect(warnings).toHaveLength(1);
  });
});
