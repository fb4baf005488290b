// The whole purchase, offline, over real HTTP: create -> the sandbox checkout page -> Pay -> a
// signed webhook -> the plan at once -> a cancellation that keeps access to the end of the period.
import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { installSecret } from '../src/db/repositories/secrets.ts';
import { signSandboxPayload } from '../src/domain/signatures.ts';
import { SANDBOX_SECRET_NAME } from '../src/providers/sandbox.ts';
import { addMonthsUtc, bearer, entitlementOf, eventsFor, subOf, subscriptionRow, servedBillingForSuite, browse, formAction } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('sandbox purchase flow on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url });

  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);
  const secret = () => installSecret(ctx.database.db, SANDBOX_SECRET_NAME);

  it('sells the monthly decoder plan end to end, and a cancellation keeps access until the period ends', async () => {
    const token = await identity.tokenFor('user');
    const userId = subOf(token);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    expect(await (await call('/api/billing/payment-options')).json()).toMatchObject({ sandbox: true, bitcoin: { provider: 'sandbox' }, paypal: { sandbox: true } });

    const created = await call('/api/bias-payment/create-subscription', {
      token,
      json: { user_id: userId, tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' },
    });
    expect(created.status).toBe(201);
    const purchase = await created.json();
    expect(purchase).toMatchObject({ success: true, amount: 7, currency: 'USD', provider: 'sandbox', status: 'pending', instructions: null });
    expect(purchase.payment_url).toBe(`/api/billing/sandbox/checkout/${purchase.subscription_id}`);

    const page = await call(purchase.payment_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'.*frame-ancestors 'none'/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = page.text;
    expect(html).toContain('Sandbox — no real money moves');
    expect(html).toContain('Keisha Decoder Monthly');
    expect(html).toContain('$7.00');
    expect(html).not.toMatch(/<script/i);

    const before = Date.now();
    const paid = await call(formAction(html, /^Pay/), { form: true });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment/success?subscription_id=${purchase.subscription_id}`);

    const entitlement = await entitlementOf(ctx, token);
    expect(entitlement.decoder_tier).toBe('monthly');
    const row = await subscriptionRow(ctx, purchase.subscription_id);
    expect(row.status).toBe('active');
    expect(row.current_period_end.getTime()).toBe(addMonthsUtc(row.activated_at, 1).getTime());
    expect(row.activated_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(entitlement.expires_at).toBe(row.current_period_end.toISOString());
    const events = await ctx.database.db.selectFrom('payment_events').selectAll().where('subscription_id', '=', purchase.subscription_id).execute();
    expect(events.map((e) => [e.provider, e.outcome])).toEqual([['sandbox', 'applied: activated']]);

    // Pay again (a double click, a back button): nothing more happens.
    const again = await call(formAction(html, /^Pay/), { form: true });
    expect(again.status).toBe(303);
    expect(await ctx.database.db.selectFrom('payment_events').selectAll().where('subscription_id', '=', purchase.subscription_id).execute()).toHaveLength(1);
    expect(await (await call(purchase.payment_url)).text).toContain('This checkout is closed');

    const status = await (await call(`/api/bias-payment/subscription/${userId}`, { token })).json();
    expect(status).toMatchObject({ success: true, user_id: userId, entitlement: { decoder_tier: 'monthly' }, subscription: { id: purchase.subscription_id, status: 'active', grants_access: true, amount: 7 } });

    const cancelled = await call('/api/bias-payment/cancel-subscription', { token, json: { user_id: userId, subscription_id: purchase.subscription_id, reason: 'trying it out' } });
    expect(cancelled.status).toBe(200);
    const cancellation = await cancelled.json();
    expect(cancellation).toMatchObject({ success: true, subscription: { status: 'cancelled', grants_access: true }, access_until: row.current_period_end.toISOString() });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    // Cancelling twice is the same cancellation.
    expect((await call('/api/bias-payment/cancel-subscription', { token, json: { user_id: userId, subscription_id: purchase.subscription_id } })).status).toBe(200);

    // The paid period ends: so does access.
    await ctx.database.db.updateTable('subscriptions').set({ current_period_end: new Date(Date.now() - 1000) }).where('id', '=', purchase.subscription_id).execute();
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('sends the buyer back to the cancel URL on Cancel, and nothing is granted', async () => {
    const token = await identity.tokenFor('user');
    const created = await (
      await call('/api/bias-payment/create-subscription', { token, json: { user_id: subOf(token), tier: 'annual', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' } })
    ).json();
    expect(created.amount).toBe(60);
    const html = await (await call(created.payment_url)).text;
    const cancelled = await call(formAction(html, /^Cancel$/), { form: true });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/payment/cancel?subscription_id=${created.subscription_id}`);
    expect(await subscriptionRow(ctx, created.subscription_id)).toMatchObject({ status: 'failed', failure_reason: 'cancelled at checkout' });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    // A closed checkout cannot be paid afterwards.
    const late = await call(formAction(html, /^Pay/), { form: true });
    expect(late.headers.get('location')).toBe(`/payment/cancel?subscription_id=${created.subscription_id}`);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('runs the chat upgrade through the sandbox: Gold is lifetime, and the success URL gets the session id', async () => {
    const token = await identity.tokenFor('user');
    const email = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).email;
    const session = await call('/api/create-checkout-session', {
      token,
      json: { email, tier: 'Gold', success_url: '/payment-success?session_id={CHECKOUT_SESSION_ID}', cancel_url: '/payment-cancelled' },
    });
    expect(session.status).toBe(201);
    const body = await session.json();
    expect(body).toMatchObject({ success: true, amount: 99, currency: 'USD', provider: 'sandbox' });
    expect(body.url).toBe(`/api/billing/sandbox/checkout/${body.session_id}`);
    const html = await (await call(body.url)).text;
    expect(html).toContain('Keisha Chat Gold');
    const paid = await call(formAction(html, /^Pay/), { form: true });
    expect(paid.headers.get('location')).toBe(`/payment-success?session_id=${body.session_id}`);
    expect(await entitlementOf(ctx, token)).toMatchObject({ chat_tier: 'Gold', lifetime: true, decoder_tier: 'free' });
    const checkout = await (await call(`/api/billing/checkouts/${body.session_id}`, { token })).json();
    expect(checkout).toMatchObject({ checkout: { status: 'active', lifetime: true, current_period_end: null }, entitlement: { chat_tier: 'Gold' } });
    // A lifetime purchase cannot be cancelled (it never renews).
    const cancel = await call('/api/bias-payment/cancel-subscription', { token, json: { user_id: subOf(token), subscription_id: body.session_id } });
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error.message).toBe('Failed to cancel subscription');
  });

  it('stacks a second purchase of the same plan after the first one', async () => {
    const token = await identity.tokenFor('user');
    const buy = async () => {
      const created = await (
        await call('/api/bias-payment/create-subscription', { token, json: { user_id: subOf(token), tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' } })
      ).json();
      await call(formAction(await (await call(created.payment_url)).text, /^Pay/), { form: true });
      return subscriptionRow(ctx, created.subscription_id);
    };
    const first = await buy();
    const second = await buy();
    expect(second.current_period_end.getTime()).toBe(addMonthsUtc(first.current_period_end, 1).getTime());
    expect((await entitlementOf(ctx, token)).expires_at).toBe(second.current_period_end.toISOString());
  });

  it('refuses a forged or stale sandbox signature with 400 and changes nothing; applies a signed refund', async () => {
    const token = await identity.tokenFor('user');
    const created = await (
      await call('/api/bias-payment/create-subscription', { token, json: { user_id: subOf(token), tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' } })
    ).json();
    const event = (type: string, amount = 700, id = `evt_${crypto.randomUUID()}`) =>
      JSON.stringify({ id, type, created_at: new Date().toISOString(), data: { checkout_id: created.subscription_id, amount_cents: amount, currency: 'USD' } });
    const deliver = (raw: string, signature?: string) =>
      fetch(`${ctx.base}/api/billing/webhooks/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'keisha-sandbox-signature': signature } : {}) }, body: raw });
    const now = Math.floor(Date.now() / 1000);
    const confirmed = event('payment.confirmed');

    for (const signature of [undefined, signSandboxPayload(confirmed, 'a-guessed-secret', now), signSandboxPayload(confirmed, await secret(), now - 3600), 't=1,v1=zz']) {
      const response = await deliver(confirmed, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 'INVALID_SIGNATURE', message: 'Invalid webhook signature' });
    }
    // A valid signature of another body does not carry over.
    const otherSignature = signSandboxPayload(event('payment.failed'), await secret(), now);
    expect((await deliver(confirmed, otherSignature)).status).toBe(400);
    expect(await subscriptionRow(ctx, created.subscription_id)).toMatchObject({ status: 'pending' });
    expect(await ctx.database.db.selectFrom('payment_events').selectAll().where('subscription_id', '=', created.subscription_id).execute()).toEqual([]);

    // Signed, but for less than the catalogue price: recorded, not applied.
    const cheap = event('payment.confirmed', 1);
    expect((await deliver(cheap, signSandboxPayload(cheap, await secret(), now))).status).toBe(200);
    expect(await subscriptionRow(ctx, created.subscription_id)).toMatchObject({ status: 'pending' });

    expect((await deliver(confirmed, signSandboxPayload(confirmed, await secret(), now))).status).toBe(200);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
    const refund = event('payment.refunded');
    expect((await deliver(refund, signSandboxPayload(refund, await secret(), now))).status).toBe(200);
    expect(await subscriptionRow(ctx, created.subscription_id)).toMatchObject({ status: 'refunded' });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    // A late confirmation after the refund changes nothing.
    const late = event('payment.confirmed');
    expect((await deliver(late, signSandboxPayload(late, await secret(), now))).status).toBe(200);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    expect((await eventsFor(ctx, 'sandbox', JSON.parse(late).id))[0]).toMatchObject({ outcome: 'unchanged: refunded is final' });
  });
});
