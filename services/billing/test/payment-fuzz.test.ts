// Authorization and bad input on every payment route: guests get 401, another person's id 403 (or
// 404 where existence itself is private), administrators pass; wrong types, unknown plans, hostile
// URLs and amounts get a 4xx with the spec's message, never a 5xx, and nobody's plan changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { installSecret } from '../src/db/repositories/secrets.ts';
import { signSandboxPayload } from '../src/domain/signatures.ts';
import { SANDBOX_SECRET_NAME } from '../src/providers/sandbox.ts';
import { bearer, decoderBody, emailOf, entitlementOf, get, post, subOf, billingForSuite } from './helpers.ts';

const USER_ID = 'User ID is required';
const TIER = 'Invalid subscription tier';
const METHOD = 'Invalid payment method';
const URLS = 'Return and cancel URLs are required';
const INITIATION = 'Payment initiation failed';
const STATUS = 'Failed to get subscription status';
const CANCEL = 'Failed to cancel subscription';
const EMAIL = 'User email not available. Please refresh the page and try again.';
const CHECKOUT = 'Failed to create checkout session. Please try again.';

const targets = await databaseTargets();
const identity = await identityForFile();

function refused(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(response.json().error.message).toBe(message);
}

describe.each(targets)('payment routes under attack on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url });
  let alice: string;
  let bob: string;
  let admin: string;
  let aliceId: string;
  let bobId: string;
  let paidId: string;
  let before: Awaited<ReturnType<typeof entitlementOf>>;
  const statuses: number[] = [];

  beforeAll(async () => {
    // Every answer of this file is recorded, to check at the end that none was a 5xx.
    const inject = ctx.app.inject.bind(ctx.app);
    ctx.app.inject = (async (options: string | InjectOptions) => {
      const response = await inject(options);
      statuses.push(response.statusCode);
      return response;
    }) as unknown as typeof ctx.app.inject;
    [alice, bob, admin] = await Promise.all([identity.tokenFor('user'), identity.tokenFor('user'), identity.tokenFor('admin')]);
    aliceId = subOf(alice);
    bobId = subOf(bob);
    // Alice owns a paid monthly plan; nothing below may change it, or give Bob anything.
    paidId = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(aliceId), alice)).json().subscription_id;
    const paid = await ctx.app.inject({ method: 'POST', url: `/api/billing/sandbox/checkout/${paidId}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    before = await entitlementOf(ctx, alice);
    expect(before.decoder_tier).toBe('monthly');
  });

  it('refuses guests and broken tokens with 401 on every signed-in route, before reading the body', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/bias-payment/create-subscription'],
      ['GET', `/api/bias-payment/subscription/${aliceId}`],
      ['POST', '/api/bias-payment/cancel-subscription'],
      ['POST', '/api/create-checkout-session'],
      ['GET', `/api/billing/checkouts/${paidId}`],
      ['POST', `/api/billing/checkouts/${paidId}/verify`],
      ['POST', '/api/billing/paypal/verify'],
      ['GET', '/api/billing/admin/manual-payments'],
      ['POST', `/api/billing/admin/manual-payments/${paidId}/approve`],
      ['POST', `/api/billing/admin/subscriptions/${paidId}/refund`],
    ];
    for (const [method, url] of routes) {
      for (const headers of [{}, { authorization: 'Bearer not.a.token' }, { authorization: `Bearer ${alice}x` }, { authorization: 'Basic abc' }]) {
        const response = await ctx.app.inject({ method: method as 'GET', url, headers, payload: method === 'POST' ? decoderBody(aliceId) : undefined });
        refused(response, 401);
      }
    }
  });

  it('checks the payment data in the spec’s order and words', async () => {
    const valid = decoderBody(aliceId);
    const cases: Array<[unknown, string]> = [
      [undefined, USER_ID],
      [null, USER_ID],
      ['user', USER_ID],
      [[], USER_ID],
      [{}, USER_ID],
      [{ user_id: '' }, USER_ID],
      [{ user_id: '   ' }, USER_ID],
      [{ user_id: 42 }, USER_ID],
      [{ user_id: true }, USER_ID],
      [{ user_id: { $ne: null } }, USER_ID],
      [{ user_id: 'x'.repeat(201) }, USER_ID],
      [{ ...valid, tier: undefined }, TIER],
      [{ ...valid, tier: 'gold' }, TIER],
      [{ ...valid, tier: 'Monthly' }, TIER],
      [{ ...valid, tier: 'free' }, TIER],
      [{ ...valid, tier: 'Gold' }, TIER],
      [{ ...valid, tier: '' }, TIER],
      [{ ...valid, tier: -1 }, TIER],
      [{ ...valid, tier: 1e308 }, TIER],
      [{ ...valid, tier: null }, TIER],
      [{ ...valid, tier: ['monthly'] }, TIER],
      [{ ...valid, payment_method: undefined }, METHOD],
      [{ ...valid, payment_method: 'paypal' }, METHOD],
      [{ ...valid, payment_method: 'card' }, METHOD],
      [{ ...valid, payment_method: 'BITCOIN' }, METHOD],
      [{ ...valid, payment_method: 0 }, METHOD],
      [{ ...valid, return_url: undefined }, URLS],
      [{ ...valid, cancel_url: '' }, URLS],
      [{ ...valid, cancel_url: '   ' }, URLS],
      [{ ...valid, return_url: 5 }, URLS],
      [{ ...valid, return_url: 'x'.repeat(3000) }, URLS],
      [{ ...valid, return_url: 'https://evil.example/payment/success' }, URLS],
      [{ ...valid, cancel_url: '//evil.example/cancel' }, URLS],
      [{ ...valid, return_url: '/\\evil.example' }, URLS],
      [{ ...valid, return_url: 'javascript:alert(document.cookie)' }, URLS],
      [{ ...valid, cancel_url: 'data:text/html,<script>alert(1)</script>' }, URLS],
      [{ ...valid, return_url: 'http://localhost:3000@evil.example/' }, URLS],
    ];
    for (const [body, message] of cases) {
      const response = await post(ctx, '/api/bias-payment/create-subscription', body, alice);
      refused(response, 400, message);
    }
    refused(await ctx.app.inject({ method: 'POST', url: '/api/bias-payment/create-subscription', headers: { ...bearer(alice), 'content-type': 'application/json' }, payload: '{"user_id": ' }), 400);
    refused(await ctx.app.inject({ method: 'POST', url: '/api/bias-payment/create-subscription', headers: { ...bearer(alice), 'content-type': 'text/plain' }, payload: 'user_id=me' }), 400, USER_ID);
    refused(await ctx.app.inject({ method: 'POST', url: '/api/bias-payment/create-subscription', headers: { ...bearer(alice), 'content-type': 'application/xml' }, payload: '<x/>' }), 415);
    refused(await post(ctx, '/api/bias-payment/create-subscription', { ...valid, user_id: `${aliceId}\u0000` }, alice), 400);
  });

  it('starts payments for the caller only (403 for another id), and never takes a price from the request', async () => {
    for (const userId of [bobId, crypto.randomUUID(), 'admin', aliceId.toUpperCase().replace(/-/g, '')]) {
      refused(await post(ctx, '/api/bias-payment/create-subscription', decoderBody(userId), alice), 403, INITIATION);
    }
    refused(await post(ctx, '/api/bias-payment/create-subscription', decoderBody(aliceId), admin), 403, INITIATION);
    const priced = await post(ctx, '/api/bias-payment/create-subscription', { ...decoderBody(aliceId), amount: -100, price: 1e308, currency: 'BTC', cents: 1 }, alice);
    expect(priced.statusCode).toBe(201);
    expect(priced.json()).toMatchObject({ amount: 7, currency: 'USD', status: 'pending' });
    const annual = await post(ctx, '/api/bias-payment/create-subscription', { ...decoderBody(aliceId, { tier: 'annual', payment_method: 'cashapp' }), amount: 0 }, alice);
    expect(annual.json()).toMatchObject({ amount: 99.99 });
  });

  it('shows subscriptions to their owner and administrators only', async () => {
    expect((await get(ctx, `/api/bias-payment/subscription/${aliceId}`, alice)).json()).toMatchObject({ subscription: { id: paidId, status: 'active' } });
    expect((await get(ctx, `/api/bias-payment/subscription/${aliceId}`, admin)).json()).toMatchObject({ entitlement: { decoder_tier: 'monthly' } });
    refused(await get(ctx, `/api/bias-payment/subscription/${aliceId}`, bob), 403, STATUS);
    for (const id of ['nope', encodeURIComponent("' OR 1=1 --"), `${aliceId}'--`, 'x'.repeat(90)]) refused(await get(ctx, `/api/bias-payment/subscription/${id}`, bob), 403, STATUS);
    for (const id of ['nope', `${aliceId}'--`, 'x'.repeat(90)]) refused(await get(ctx, `/api/bias-payment/subscription/${id}`, admin), 404, STATUS);
    // Longer than the router accepts for a path parameter.
    refused(await get(ctx, `/api/bias-payment/subscription/${'x'.repeat(300)}`, admin), 414);
    expect((await get(ctx, `/api/bias-payment/subscription/${bobId}`, bob)).json()).toMatchObject({ subscription: null, subscriptions: [], entitlement: { decoder_tier: 'free' } });
  });

  it('cancels only the caller’s own subscriptions, in the spec’s words', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, USER_ID],
      [{ user_id: aliceId }, 400, CANCEL],
      [{ user_id: aliceId, subscription_id: 'nope' }, 400, CANCEL],
      [{ user_id: aliceId, subscription_id: 5 }, 400, CANCEL],
      [{ user_id: aliceId, subscription_id: paidId, reason: 5 }, 400, CANCEL],
      [{ user_id: aliceId, subscription_id: paidId, reason: 'x'.repeat(501) }, 400, CANCEL],
      [{ user_id: bobId, subscription_id: paidId }, 403, CANCEL],
      [{ user_id: aliceId, subscription_id: crypto.randomUUID() }, 404, CANCEL],
    ];
    for (const [body, status, message] of cases) refused(await post(ctx, '/api/bias-payment/cancel-subscription', body, alice), status, message);
    refused(await post(ctx, '/api/bias-payment/cancel-subscription', { user_id: bobId, subscription_id: paidId }, bob), 404, CANCEL);
    refused(await post(ctx, '/api/bias-payment/cancel-subscription', { user_id: aliceId, subscription_id: paidId }, bob), 403, CANCEL);
  });

  it('checks the chat upgrade with the spec’s two messages', async () => {
    const valid = { email: emailOf(alice), tier: 'Starter', success_url: '/payment-success', cancel_url: '/payment-cancelled' };
    const cases: Array<[unknown, number, string]> = [
      [undefined, 400, EMAIL],
      [{}, 400, EMAIL],
      [{ ...valid, email: '' }, 400, EMAIL],
      [{ ...valid, email: '   ' }, 400, EMAIL],
      [{ ...valid, email: 5 }, 400, EMAIL],
      [{ ...valid, email: null }, 400, EMAIL],
      [{ ...valid, tier: 'Platinum' }, 400, CHECKOUT],
      [{ ...valid, tier: 'starter' }, 400, CHECKOUT],
      [{ ...valid, tier: 'Free' }, 400, CHECKOUT],
      [{ ...valid, tier: 0 }, 400, CHECKOUT],
      [{ ...valid, success_url: undefined }, 400, CHECKOUT],
      [{ ...valid, cancel_url: 'https://evil.example/' }, 400, CHECKOUT],
      [{ ...valid, payment_method: 'paypal' }, 400, CHECKOUT],
      [{ ...valid, email: emailOf(bob) }, 403, CHECKOUT],
    ];
    for (const [body, status, message] of cases) refused(await post(ctx, '/api/create-checkout-session', body, alice), status, message);
    const gold = await post(ctx, '/api/create-checkout-session', { ...valid, tier: 'Gold', amount: 0.01 }, alice);
    expect(gold.json()).toMatchObject({ amount: 99, provider: 'sandbox' });
  });

  it('keeps checkouts, pages and the PayPal check private or closed', async () => {
    refused(await get(ctx, `/api/billing/checkouts/${paidId}`, bob), 404, 'No such payment.');
    refused(await ctx.app.inject({ method: 'POST', url: `/api/billing/checkouts/${paidId}/verify`, headers: bearer(bob) }), 404);
    refused(await get(ctx, '/api/billing/checkouts/nope', alice), 400);
    refused(await get(ctx, `/api/billing/checkouts/${crypto.randomUUID()}`, admin), 404);
    expect((await get(ctx, `/api/billing/checkouts/${paidId}`, admin)).statusCode).toBe(200);
    refused(await post(ctx, '/api/billing/paypal/verify', { subscription_id: 'I-ANYTHING' }, alice), 404);
    refused(await post(ctx, '/api/billing/paypal/verify', { subscription_id: { id: 1 } }, alice), 400);

    for (const path of ['/api/billing/sandbox/checkout/nope', `/api/billing/sandbox/checkout/${crypto.randomUUID()}`, '/api/billing/cashapp/nope', `/api/billing/cashapp/${paidId}`]) {
      const response = await get(ctx, path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    refused(await ctx.app.inject({ method: 'POST', url: `/api/billing/sandbox/checkout/${crypto.randomUUID()}/pay`, headers: form, payload: '' }), 404);
    refused(await ctx.app.inject({ method: 'POST', url: `/api/billing/sandbox/checkout/${paidId}/pay`, headers: form, payload: 'x'.repeat(5000) }), 413);
    const pending = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(bobId), bob)).json().subscription_id;
    refused(await ctx.app.inject({ method: 'POST', url: `/api/billing/sandbox/checkout/${pending}/pay`, headers: { ...form, 'sec-fetch-site': 'cross-site' }, payload: '' }), 403);
    expect((await entitlementOf(ctx, bob)).decoder_tier).toBe('free');
  });

  it('refuses bad webhooks with 400 (or 404 for providers that are not configured) and applies none', async () => {
    const json = { 'content-type': 'application/json' };
    const send = (url: string, payload: string | Buffer, headers: Record<string, string> = json) => ctx.app.inject({ method: 'POST', url, headers, payload });
    refused(await send('/api/billing/webhooks/coinbase', '{}'), 404);
    refused(await send('/api/billing/webhooks/paypal', '{}'), 404);
    refused(await send('/api/billing/webhooks/sandbox', ''), 400);
    refused(await send('/api/billing/webhooks/sandbox', 'not json'), 400);
    refused(await send('/api/billing/webhooks/sandbox', 'plain', { 'content-type': 'text/plain' }), 400);
    refused(await send('/api/billing/webhooks/sandbox', Buffer.alloc(200 * 1024, 'a')), 413);

    const secret = await installSecret(ctx.database.db, SANDBOX_SECRET_NAME);
    const signed = (body: unknown) => {
      const raw = typeof body === 'string' ? body : JSON.stringify(body);
      return send('/api/billing/webhooks/sandbox', raw, { ...json, 'keisha-sandbox-signature': signSandboxPayload(raw, secret, Date.now() / 1000) });
    };
    const event = (over: Record<string, unknown>, data: Record<string, unknown> = {}) => ({
      id: `evt_${crypto.randomUUID()}`,
      type: 'payment.confirmed',
      created_at: new Date().toISOString(),
      data: { checkout_id: paidId, amount_cents: 700, currency: 'USD', ...data },
      ...over,
    });
    refused(await signed('not json'), 400);
    refused(await signed(event({ type: 'payment.gift' })), 400);
    refused(await signed(event({}, { amount_cents: -700 })), 400);
    refused(await signed(event({}, { amount_cents: 1e308 })), 400);
    refused(await signed(event({}, { amount_cents: '700' })), 400);
    refused(await signed(event({ id: 5 })), 400);
    // Signed events about purchases the sandbox does not own are recorded and change nothing.
    const bobPending = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(bobId, { payment_method: 'cashapp' }), bob)).json().subscription_id;
    expect((await signed(event({}, { checkout_id: bobPending, amount_cents: 1499 }))).statusCode).toBe(200);
    expect((await signed(event({}, { checkout_id: 'nope' }))).statusCode).toBe(200);
    expect((await entitlementOf(ctx, bob)).decoder_tier).toBe('free');
  });

  it('keeps the admin routes typed', async () => {
    refused(await get(ctx, '/api/billing/admin/manual-payments?status=everything', admin), 400);
    refused(await post(ctx, '/api/billing/admin/manual-payments/nope/approve', {}, admin), 400);
    refused(await post(ctx, `/api/billing/admin/manual-payments/${crypto.randomUUID()}/reject`, { reason: 5 }, admin), 400);
    refused(await post(ctx, `/api/billing/admin/manual-payments/${crypto.randomUUID()}/reject`, { reason: 'x'.repeat(600) }, admin), 400);
    refused(await post(ctx, `/api/billing/admin/subscriptions/${crypto.randomUUID()}/refund`, {}, admin), 404);
    refused(await post(ctx, `/api/billing/admin/subscriptions/${paidId}/refund`, {}, alice), 403);
  });

  it('after all of it: no 5xx, Alice’s plan untouched, Bob still free', async () => {
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await entitlementOf(ctx, alice)).toEqual(before);
    expect((await entitlementOf(ctx, bob)).decoder_tier).toBe('free');
    const active = await ctx.database.db.selectFrom('subscriptions').select(['id', 'user_id']).where('status', 'in', ['active', 'cancelled']).execute();
    expect(active).toEqual([{ id: paidId, user_id: aliceId }]);
  });
});
