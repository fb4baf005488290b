// PayPal subscriptions against a fake of our own: the thank-you page's verification (ACTIVE, our
// plan, the buyer's account as custom_id), verified webhooks applied once, renewals, refunds and
// cancellation at PayPal.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { startFakePaypal } from './fake-paypal.ts';
import { billingAppOn, entitlementOf, eventsFor, get, post, subOf, type Billing, billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const paypal = await startFakePaypal();
afterAll(() => paypal.close());
/** Billing's PayPal settings, the fake's account and plans; without a webhook id (every suite's app adds the fake's). */
const paypalAccount = {
  IDENTITY_URL: identity.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_API_URL: paypal.url,
  PAYPAL_PLAN_MONTHLY: paypal.plans.monthly,
  PAYPAL_PLAN_ANNUAL: paypal.plans.annual,
};

const VERIFY_FAILED = 'We could not verify this PayPal subscription. Please contact support.';

describe.each(targets)('PayPal on $kind', (target) => {
  const ctx = billingForSuite(target, { ...paypalAccount, PAYPAL_WEBHOOK_ID: paypal.webhookId });
  beforeEach(() => {
    paypal.mode = 'normal';
  });

  const verify = (token: string, subscriptionId: unknown) => post(ctx, '/api/billing/paypal/verify', { subscription_id: subscriptionId }, token);
  const webhook = (delivery: { raw: string; headers: Record<string, string> }) =>
    ctx.app.inject({ method: 'POST', url: '/api/billing/webhooks/paypal', headers: { 'content-type': 'application/json', ...delivery.headers }, payload: delivery.raw });
  const rowOf = (paypalId: string) => ctx.database.db.selectFrom('subscriptions').selectAll().where('provider', '=', 'paypal').where('provider_ref', '=', paypalId).execute();

  it('publishes the client id and plan ids for the pricing page’s buttons', async () => {
    expect((await get(ctx, '/api/billing/payment-options')).json()).toMatchObject({
      paypal: { client_id: paypal.clientId, plans: { monthly: paypal.plans.monthly, annual: paypal.plans.annual } },
      sandbox: true,
    });
  });

  it('grants the plan once PayPal itself says ACTIVE, with our plan and the buyer’s account id', async () => {
    const token = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(token), plan_id: paypal.plans.annual });
    const response = await verify(token, sub.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verified: true,
      paypal_status: 'ACTIVE',
      subscription: { provider: 'paypal', payment_method: 'paypal', tier: 'annual', status: 'active', amount: 99.99, current_period_end: sub.billing_info.next_billing_time },
      entitlement: { decoder_tier: 'annual', expires_at: sub.billing_info.next_billing_time },
    });
    // Billing asked PayPal with a client-credentials token.
    const asked = paypal.requests.filter((r) => r.path === `/v1/billing/subscriptions/${sub.id}`);
    expect(asked.at(-1)!.headers.authorization).toMatch(/^Bearer A21-/);
    // The thank-you page reloaded: the same answer, one purchase.
    expect((await verify(token, sub.id)).json()).toMatchObject({ verified: true });
    expect(await rowOf(sub.id)).toHaveLength(1);
  });

  it('refuses another account’s subscription, another plan, and unknown or malformed ids, changing nothing', async () => {
    const token = await identity.tokenFor('user');
    const other = await identity.tokenFor('user');
    const theirs = paypal.addSubscription({ custom_id: subOf(other) });
    const notOurs = paypal.addSubscription({ custom_id: subOf(token), plan_id: 'P-SOMEONE-ELSES' });
    const cases: Array<[unknown, number]> = [
      [theirs.id, 403],
      [notOurs.id, 400],
      ['I-DOESNOTEXIST', 404],
      ['../../v1/oauth2/token', 400],
      [123, 400],
      ['', 400],
      ['x'.repeat(65), 400],
    ];
    for (const [id, status] of cases) {
      const response = await verify(token, id);
      expect(response.statusCode, String(id)).toBe(status);
      expect(response.json().error.message).toBe(VERIFY_FAILED);
    }
    expect(await rowOf(theirs.id)).toEqual([]);
    expect(await rowOf(notOurs.id)).toEqual([]);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    expect((await post(ctx, '/api/billing/paypal/verify', { subscription_id: theirs.id })).statusCode).toBe(401);
  });

  it('waits while PayPal has not activated the subscription yet', async () => {
    const token = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(token), status: 'APPROVED' });
    expect((await verify(token, sub.id)).json()).toMatchObject({ verified: false, paypal_status: 'APPROVED', subscription: { status: 'pending' }, entitlement: { decoder_tier: 'free' } });
    sub.status = 'ACTIVE';
    expect((await verify(token, sub.id)).json()).toMatchObject({ verified: true, entitlement: { decoder_tier: 'monthly' } });
  });

  it('applies a verified webhook delivered 10 times, also concurrently, exactly once', async () => {
    const token = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(token) });
    const delivery = paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: sub });
    const responses = await Promise.all(Array.from({ length: 6 }, () => webhook(delivery)));
    for (let i = 0; i < 4; i++) responses.push(await webhook(delivery));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const events = await eventsFor(ctx, 'paypal', delivery.eventId);
    expect(events).toHaveLength(1);
    expect(events[0]!.outcome).toBe('applied: activated');
    expect(await rowOf(sub.id)).toHaveLength(1);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    // The thank-you page arriving afterwards finds it done.
    expect((await verify(token, sub.id)).json()).toMatchObject({ verified: true });
  });

  it('refuses a forged delivery or one without PayPal’s headers with 400, and 503 when PayPal cannot verify', async () => {
    const token = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(token) });
    const forged = paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: sub }, { forge: true });
    expect((await webhook(forged)).statusCode).toBe(400);
    expect((await webhook(forged)).json().error).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const genuine = paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: sub });
    const { ['paypal-transmission-sig']: _dropped, ...withoutSignature } = genuine.headers;
    expect((await webhook({ raw: genuine.raw, headers: withoutSignature })).statusCode).toBe(400);
    // A genuine signature on a changed body.
    expect((await webhook({ raw: genuine.raw.replace(sub.custom_id, subOf(await identity.tokenFor('user'))), headers: genuine.headers })).statusCode).toBe(400);
    paypal.mode = 'verify-down';
    expect((await webhook(genuine)).statusCode).toBe(503);
    expect(await rowOf(sub.id)).toEqual([]);
    expect(await eventsFor(ctx, 'paypal', genuine.eventId)).toEqual([]);
    paypal.mode = 'normal';
    expect((await webhook(genuine)).statusCode).toBe(200);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
  });

  it('extends the period when PayPal bills again, and a refund of a sale ends access', async () => {
    const token = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(token) });
    await verify(token, sub.id);
    const nextPeriod = new Date(Date.now() + 61 * 86_400_000).toISOString();
    sub.billing_info.next_billing_time = nextPeriod;
    const sale = { id: 'SALE-1-' + sub.id, state: 'completed', billing_agreement_id: sub.id, amount: { total: '9.99', currency: 'USD' } };
    expect((await webhook(paypal.delivery({ event_type: 'PAYMENT.SALE.COMPLETED', resource: sale }))).statusCode).toBe(200);
    expect((await entitlementOf(ctx, token)).expires_at).toBe(nextPeriod);
    const refund = { id: 'REFUND-1', state: 'completed', sale_id: sale.id, amount: { total: '9.99', currency: 'USD' } };
    expect((await webhook(paypal.delivery({ event_type: 'PAYMENT.SALE.REFUNDED', resource: refund }))).statusCode).toBe(200);
    expect((await rowOf(sub.id))[0]).toMatchObject({ status: 'refunded' });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    // Late deliveries of the activation change nothing after a refund.
    await webhook(paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: { ...sub, status: 'ACTIVE' } }));
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('cancels at PayPal, keeps access to the end of the period, and late events do not revive it', async () => {
    const token = await identity.tokenFor('user');
    const userId = subOf(token);
    const sub = paypal.addSubscription({ custom_id: userId });
    const verified = (await verify(token, sub.id)).json();
    const cancelled = await post(ctx, '/api/bias-payment/cancel-subscription', { user_id: userId, subscription_id: verified.subscription.id, reason: 'too expensive' }, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled', grants_access: true }, access_until: sub.billing_info.next_billing_time });
    expect(paypal.subscriptions.get(sub.id)!.status).toBe('CANCELLED');
    expect(paypal.requests.some((r) => r.path === `/v1/billing/subscriptions/${sub.id}/cancel` && r.body.reason === 'too expensive')).toBe(true);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    for (const event_type of ['BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.ACTIVATED']) {
      const status = event_type.endsWith('CANCELLED') ? 'CANCELLED' : 'ACTIVE';
      expect((await webhook(paypal.delivery({ event_type, resource: { ...sub, status } }))).statusCode).toBe(200);
    }
    expect((await rowOf(sub.id))[0]).toMatchObject({ status: 'cancelled' });
  });

  it('turns webhooks away when no webhook id is configured', async () => {
    const bare = await billingAppOn(ctx.database, paypalAccount);
    const delivery = paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: paypal.addSubscription({ custom_id: crypto.randomUUID() }) });
    const response = await bare.inject({ method: 'POST', url: '/api/billing/webhooks/paypal', headers: { 'content-type': 'application/json', ...delivery.headers }, payload: delivery.raw });
    expect(response.statusCode).toBe(400);
    await bare.close();
  });
});
