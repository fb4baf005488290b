// Coinbase Commerce against a fake of our own: charges, signed webhooks delivered again and again
// (also at once), forged and stale signatures, failures, refunds and out-of-order events.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { startFakeCoinbase, type FakeCoinbase } from './fake-coinbase.ts';
import { addMonthsUtc, bearer, decoderBody, emailOf, entitlementOf, eventsFor, get, post, subOf, subscriptionRow, billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const coinbase = await startFakeCoinbase();
afterAll(() => coinbase.close());

describe.each(targets)('Coinbase Commerce on $kind', (target) => {
  const ctx = billingForSuite(target, {
    IDENTITY_URL: identity.url,
    COINBASE_API_KEY: coinbase.apiKey,
    COINBASE_WEBHOOK_SECRET: coinbase.webhookSecret,
    COINBASE_API_URL: coinbase.url,
    PUBLIC_BASE_URL: 'https://keisha.example',
  });
  beforeEach(() => {
    coinbase.mode = 'normal';
  });

  const webhook = (raw: string, signature?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/billing/webhooks/coinbase', headers: { 'content-type': 'application/json', ...(signature ? { 'x-cc-webhook-signature': signature } : {}) }, payload: raw });
  const deliver = (type: string, chargeId: string, options?: Parameters<FakeCoinbase['event']>[2]) => {
    const event = coinbase.event(type, chargeId, options);
    return { ...event, send: () => webhook(event.raw, event.signature) };
  };

  async function buy(token: string, over: Record<string, unknown> = {}) {
    const response = await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token), over), token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const row = await subscriptionRow(ctx, body.subscription_id);
    return { body, row, chargeId: row.provider_ref as string };
  }

  it('creates a fixed-price charge at the catalogue price and sends the buyer to its hosted page', async () => {
    const token = await identity.tokenFor('user');
    expect((await get(ctx, '/api/billing/payment-options')).json()).toMatchObject({ sandbox: false, bitcoin: { provider: 'coinbase' } });
    const { body, chargeId } = await buy(token, { amount: 0.01, price: -5 });
    const charge = coinbase.charges.get(chargeId)!;
    expect(body).toMatchObject({ amount: 7, currency: 'USD', provider: 'coinbase', payment_url: charge.hosted_url });
    expect(charge.pricing_type).toBe('fixed_price');
    expect(charge.pricing.local).toEqual({ amount: '7.00', currency: 'USD' });
    expect(charge.metadata).toMatchObject({ subscription_id: body.subscription_id, user_id: subOf(token), product: 'decoder', tier: 'monthly' });
    expect(charge.redirect_url).toBe(`https://keisha.example/payment/success?subscription_id=${body.subscription_id}`);
    expect(charge.cancel_url).toBe(`https://keisha.example/payment/cancel?subscription_id=${body.subscription_id}`);
    // The sandbox is off when Coinbase is configured.
    expect((await get(ctx, `/api/billing/sandbox/checkout/${body.subscription_id}`)).statusCode).toBe(404);
  });

  it('applies a confirmation delivered 10 times, also concurrently, exactly once', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token);
    const confirmed = deliver('charge:confirmed', chargeId);
    const concurrent = await Promise.all(Array.from({ length: 7 }, () => confirmed.send()));
    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(await confirmed.send());
    const responses = [...concurrent, ...sequential];
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.filter((r) => r.json().duplicate === false)).toHaveLength(1);

    const events = await eventsFor(ctx, 'coinbase', confirmed.eventId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'applied: activated', subscription_id: body.subscription_id });
    const row = await subscriptionRow(ctx, body.subscription_id);
    expect(row.status).toBe('active');
    expect(row.current_period_end.getTime()).toBe(addMonthsUtc(row.activated_at, 1).getTime());
    expect(await entitlementOf(ctx, token)).toMatchObject({ decoder_tier: 'monthly', expires_at: row.current_period_end.toISOString() });
  });

  it('refuses forged, stale and unsigned deliveries with 400, and nothing changes', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token);
    const forged = coinbase.event('charge:confirmed', chargeId, { secret: 'not-the-secret' });
    const pending = coinbase.event('charge:pending', chargeId);
    const confirmed = coinbase.event('charge:confirmed', chargeId);
    for (const [raw, signature] of [
      [forged.raw, forged.signature],
      // Stale: a genuine signature of an earlier delivery, replayed on another body.
      [confirmed.raw, pending.signature],
      // The genuine body re-serialised: the bytes differ, so the signature does not hold.
      [JSON.stringify(JSON.parse(confirmed.raw), null, 1), confirmed.signature],
      [confirmed.raw, undefined],
      [confirmed.raw, 'deadbeef'],
      [confirmed.raw, confirmed.signature.slice(0, -1) + (confirmed.signature.endsWith('0') ? '1' : '0')],
    ] as Array<[string, string | undefined]>) {
      const response = await webhook(raw, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' });
    }
    expect(await subscriptionRow(ctx, body.subscription_id)).toMatchObject({ status: 'pending', current_period_end: null });
    expect(await eventsFor(ctx, 'coinbase', confirmed.eventId)).toEqual([]);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('counts webhook outcomes by provider for Prometheus: applied, duplicate, refused signature', async () => {
    const scrape = async (outcome: string) => {
      const text = (await ctx.app.inject('/metrics')).body;
      const line = text.split('\n').find((l) => l.startsWith('billing_webhook_events_total{') && l.includes('provider="coinbase"') && l.includes(`outcome="${outcome}"`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = { applied: await scrape('applied'), duplicate: await scrape('duplicate'), invalid_signature: await scrape('invalid_signature') };
    const token = await identity.tokenFor('user');
    const { chargeId } = await buy(token);
    const confirmed = deliver('charge:confirmed', chargeId);
    expect((await confirmed.send()).statusCode).toBe(200);
    expect((await confirmed.send()).statusCode).toBe(200);
    expect((await webhook(confirmed.raw, 'deadbeef')).statusCode).toBe(400);
    expect(await scrape('applied')).toBe(before.applied + 1);
    expect(await scrape('duplicate')).toBe(before.duplicate + 1);
    expect(await scrape('invalid_signature')).toBe(before.invalid_signature + 1);
  });

  it('never moves backwards when events arrive out of order', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token, { tier: 'annual' });
    expect((await deliver('charge:confirmed', chargeId).send()).statusCode).toBe(200);
    const active = await subscriptionRow(ctx, body.subscription_id);
    expect(active.current_period_end.getTime()).toBe(addMonthsUtc(active.activated_at, 12).getTime());
    for (const type of ['charge:pending', 'charge:created', 'charge:failed', 'charge:delayed', 'charge:resolved']) {
      expect((await deliver(type, chargeId).send()).statusCode).toBe(200);
    }
    const after = await subscriptionRow(ctx, body.subscription_id);
    expect(after).toMatchObject({ status: 'active', current_period_end: active.current_period_end, activated_at: active.activated_at });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('annual');
  });

  it('fails an unpaid charge, and a resolution afterwards (paid late) still grants the plan', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token);
    await deliver('charge:pending', chargeId).send();
    expect((await subscriptionRow(ctx, body.subscription_id)).status).toBe('pending');
    await deliver('charge:failed', chargeId).send();
    expect(await subscriptionRow(ctx, body.subscription_id)).toMatchObject({ status: 'failed', failure_reason: 'charge failed (expired or not paid in full)' });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    await deliver('charge:resolved', chargeId).send();
    expect((await subscriptionRow(ctx, body.subscription_id)).status).toBe('active');
  });

  it('refuses a confirmation for another amount than the catalogue price', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token);
    const cheap = deliver('charge:confirmed', chargeId, { amount: '0.01' });
    expect((await cheap.send()).statusCode).toBe(200);
    expect((await eventsFor(ctx, 'coinbase', cheap.eventId))[0]!.outcome).toMatch(/^amount_mismatch/);
    expect((await subscriptionRow(ctx, body.subscription_id)).status).toBe('pending');
  });

  it('fulfils from the return page when the webhook is late, and the webhook then changes nothing', async () => {
    const token = await identity.tokenFor('user');
    const { body, chargeId } = await buy(token);
    const verify = () => ctx.app.inject({ method: 'POST', url: `/api/billing/checkouts/${body.subscription_id}/verify`, headers: bearer(token) });
    expect((await verify()).json()).toMatchObject({ checkout: { status: 'pending' }, entitlement: { decoder_tier: 'free' } });
    coinbase.setStatus(chargeId, 'PENDING');
    coinbase.setStatus(chargeId, 'COMPLETED');
    const verified = (await verify()).json();
    expect(verified).toMatchObject({ checkout: { status: 'active', grants_access: true }, entitlement: { decoder_tier: 'monthly' } });
    const row = await subscriptionRow(ctx, body.subscription_id);
    const late = deliver('charge:confirmed', chargeId);
    expect((await late.send()).statusCode).toBe(200);
    expect((await eventsFor(ctx, 'coinbase', late.eventId))[0]!.outcome).toBe('unchanged: already active');
    expect((await subscriptionRow(ctx, body.subscription_id)).current_period_end).toEqual(row.current_period_end);
    // Another account cannot look at it.
    const stranger = await identity.tokenFor('user');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/billing/checkouts/${body.subscription_id}/verify`, headers: bearer(stranger) })).statusCode).toBe(404);
  });

  it('ends access on a refund (recorded by an administrator, or seen at Coinbase)', async () => {
    const token = await identity.tokenFor('user');
    const admin = await identity.tokenFor('admin');
    const first = await buy(token);
    await deliver('charge:confirmed', first.chargeId).send();
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    expect((await post(ctx, `/api/billing/admin/subscriptions/${first.body.subscription_id}/refund`, {}, token)).statusCode).toBe(403);
    const refunded = await post(ctx, `/api/billing/admin/subscriptions/${first.body.subscription_id}/refund`, {}, admin);
    expect(refunded.json()).toMatchObject({ subscription: { status: 'refunded', grants_access: false } });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    await deliver('charge:confirmed', first.chargeId).send();
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');

    const second = await buy(token);
    coinbase.setStatus(second.chargeId, 'COMPLETED');
    await ctx.app.inject({ method: 'POST', url: `/api/billing/checkouts/${second.body.subscription_id}/verify`, headers: bearer(token) });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    coinbase.setStatus(second.chargeId, 'REFUNDED');
    await ctx.app.inject({ method: 'POST', url: `/api/billing/checkouts/${second.body.subscription_id}/verify`, headers: bearer(token) });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('records events about charges that are not ours, and answers 200 so they are not retried', async () => {
    const stray = deliver('charge:confirmed', crypto.randomUUID());
    const response = await stray.send();
    expect(response.statusCode).toBe(200);
    expect((await eventsFor(ctx, 'coinbase', stray.eventId))[0]!.outcome).toMatch(/^unknown_subscription/);
  });

  it('answers the spec’s failure when Coinbase is down, and leaves no pending purchase behind', async () => {
    const token = await identity.tokenFor('user');
    coinbase.mode = 'down';
    const response = await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token)), token);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Payment initiation failed');
    const chat = await post(ctx, '/api/create-checkout-session', { email: emailOf(token), tier: 'Starter', success_url: '/payment-success', cancel_url: '/payment-cancelled' }, token);
    expect(chat.statusCode).toBe(502);
    expect(chat.json().error.message).toBe('Failed to create checkout session. Please try again.');
    const rows = await ctx.database.db.selectFrom('subscriptions').select('status').where('user_id', '=', subOf(token)).execute();
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed']);
  });

  it('sells chat plans through Coinbase at the chat prices', async () => {
    const token = await identity.tokenFor('user');
    const response = await post(ctx, '/api/create-checkout-session', { email: emailOf(token).toUpperCase(), tier: 'Pro', success_url: '/payment-success?session_id={CHECKOUT_SESSION_ID}', cancel_url: '/payment-cancelled' }, token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const row = await subscriptionRow(ctx, body.session_id);
    const charge = coinbase.charges.get(row.provider_ref)!;
    expect(body).toMatchObject({ amount: 59, provider: 'coinbase', url: charge.hosted_url });
    expect(charge.redirect_url).toBe(`https://keisha.example/payment-success?session_id=${body.session_id}`);
    await deliver('charge:confirmed', row.provider_ref).send();
    const entitlement = await entitlementOf(ctx, token);
    expect(entitlement).toMatchObject({ chat_tier: 'Pro', decoder_tier: 'free' });
  });
});
