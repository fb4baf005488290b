// Erasing a deleted account with real PayPal keys, against our fake PayPal: the subscription is cancelled at
// PayPal through the adapter's cancel call. With PayPal down the erasure answers 503 with the reason (identity
// retries), having done all it could (the address is already cleared), and the plan still renews; the retry
// cancels it at PayPal and answers 200; a third call changes nothing.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { internalAccountErasurePath } from '@keisha/contracts/billing';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { startFakePaypal } from './fake-paypal.ts';
import { emailOf, entitlementOf, post, servedBillingForSuite, subOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const paypal = await startFakePaypal();
afterAll(() => paypal.close());
const INTERNAL = 'account-erasure-paypal-test-internal-token-0123';

describe.each(targets)('erasing a deleted account with PayPal on $kind', (target) => {
  const ctx = servedBillingForSuite(target, {
    IDENTITY_URL: identity.url,
    INTERNAL_API_TOKEN: INTERNAL,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_PLAN_MONTHLY: paypal.plans.monthly,
    PAYPAL_PLAN_ANNUAL: paypal.plans.annual,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PROVIDER_TIMEOUT_MS: '2000',
  });
  beforeEach(() => {
    paypal.mode = 'normal';
  });

  const erase = async (userId: string) => {
    const response = await fetch(`${ctx.base}${internalAccountErasurePath(userId)}`, { method: 'DELETE', headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    return { status: response.status, body: (await response.json()) as any };
  };
  const purchase = (paypalId: string) => ctx.database.db.selectFrom('subscriptions').selectAll().where('provider', '=', 'paypal').where('provider_ref', '=', paypalId).executeTakeFirstOrThrow();
  const cancelCalls = (paypalId: string) => paypal.requests.filter((request) => request.method === 'POST' && request.path === `/v1/billing/subscriptions/${paypalId}/cancel`);

  /** A subscription made with PayPal's button and verified by the thank-you page. */
  async function subscribed(token: string, plan: 'monthly' | 'annual') {
    const sub = paypal.addSubscription({ custom_id: subOf(token), plan_id: paypal.plans[plan], subscriber: { email_address: emailOf(token) } });
    const verified = await post(ctx, '/api/billing/paypal/verify', { subscription_id: sub.id }, token);
    expect(verified.json()).toMatchObject({ verified: true });
    return sub;
  }

  it('cancels the subscription at PayPal; PayPal down: 503 with the reason and a retry finishes the job', async () => {
    const reader = await identity.tokenFor('user');
    const other = await identity.tokenFor('user');
    const sub = await subscribed(reader, 'annual');
    const theirs = await subscribed(other, 'monthly');

    paypal.mode = 'down';
    const refused = await erase(subOf(reader));
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'PROVIDER_UNAVAILABLE', details: { unfinished: [{ provider: 'paypal' }] } } });
    expect(refused.body.error.message).toMatch(/^PayPal could not be asked to stop a renewing plan of this account/);
    expect(refused.body.error.details.erased).toMatchObject({ renewals_stopped: 0, purchase_records_cleared: 1 });
    // Not renewing would be a lie: PayPal still bills it, and billing says so; what could be done is done.
    expect(sub.status).toBe('ACTIVE');
    expect(await purchase(sub.id)).toMatchObject({ status: 'active', email: null });
    expect(await entitlementOf(ctx, reader)).toMatchObject({ decoder_tier: 'free' });

    paypal.mode = 'normal';
    const retried = await erase(subOf(reader));
    expect(retried).toEqual({
      status: 200,
      body: { success: true, erased: { checkouts_closed: 0, renewals_stopped: 1, purchase_records_cleared: 0, paypal_sandbox_records_cleared: 0, demo_requests_deleted: 0 } },
    });
    expect(sub.status).toBe('CANCELLED');
    expect(cancelCalls(sub.id).at(-1)!.body).toEqual({ reason: 'Account deleted' });
    const record = await purchase(sub.id);
    expect(record).toMatchObject({ status: 'cancelled', email: null, tier: 'annual', amount_cents: 9999 });
    expect(record.cancelled_at).not.toBeNull();

    const third = await erase(subOf(reader));
    expect(third.status).toBe(200);
    expect(Object.values(third.body.erased).every((count) => count === 0)).toBe(true);
    expect(cancelCalls(sub.id).filter((call) => call.body?.reason === 'Account deleted')).toHaveLength(2);

    // The other subscriber still renews.
    expect(theirs.status).toBe('ACTIVE');
    expect(cancelCalls(theirs.id)).toEqual([]);
    expect(await purchase(theirs.id)).toMatchObject({ status: 'active', email: emailOf(other) });
  });

  it('a PayPal activation webhook after the erasure (a window left open) starts nothing and cancels the subscription at PayPal', async () => {
    const reader = await identity.tokenFor('user');
    expect((await erase(subOf(reader))).status).toBe(200);
    const sub = paypal.addSubscription({ custom_id: subOf(reader), plan_id: paypal.plans.monthly, subscriber: { email_address: emailOf(reader) } });
    const delivery = paypal.delivery({ event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: sub });
    const webhook = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhooks/paypal', headers: { 'content-type': 'application/json', ...delivery.headers }, payload: delivery.raw });
    expect(webhook.statusCode).toBe(200);
    expect(sub.status).toBe('CANCELLED');
    expect(cancelCalls(sub.id).map((call) => call.body)).toEqual([{ reason: 'Account deleted' }]);
    // Recorded (the money PayPal may have taken is on record for a refund), closed, without the payer's address.
    const record = await purchase(sub.id);
    expect(record).toMatchObject({ status: 'failed', email: null });
    const events = await ctx.database.db.selectFrom('payment_events').select('outcome').where('subscription_id', '=', record.id).orderBy('received_at').execute();
    expect(events.map((event) => event.outcome)).toEqual(['refused: the account was deleted', 'applied: abandoned']);
    expect(await entitlementOf(ctx, reader)).toMatchObject({ decoder_tier: 'free' });
  });
});
