// One plan per product renews (the audit: Monthly then Annual left both renewing, and a Monthly under an
// Annual was sold for nothing). Over real HTTP on PGlite and PostgreSQL: an upgrade stops the lower plan's
// renewal through the reader's own Cancel (at PayPal too) and it keeps its paid period; replays and
// simultaneous payments stop it once; a purchase that would add nothing is refused with 409 before any payment;
// buying the same plan again still extends it.
import { describe, expect, it } from 'vitest';
import { PLAN_ALREADY_COVERED } from '@keisha/contracts/billing';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { installSecret } from '../src/db/repositories/secrets.ts';
import { signSandboxPayload } from '../src/domain/signatures.ts';
import { SANDBOX_SECRET_NAME, SANDBOX_SIGNATURE_HEADER } from '../src/providers/sandbox.ts';
import { decoderBody, emailOf, entitlementOf, subOf, subscriptionRow, servedBillingForSuite, browse, formAction } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('upgrades and purchases that add nothing on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);

  /** A PayPal (sandbox) subscription of `tier`, approved: the activation as PayPal's webhook delivers it. */
  async function paypal(token: string, tier: 'monthly' | 'annual') {
    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier } });
    expect(created.status).toBe(201);
    const { subscription_id: paypalId, approve_url: approveUrl } = created.json();
    const approve = formAction((await call(approveUrl)).text, /Approve/);
    expect((await call(approve, { form: true })).status).toBe(303);
    const verified = (await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json();
    return { paypalId, approve, id: verified.subscription.id as string };
  }

  /** A sandbox (Bitcoin) checkout opened, not paid yet. */
  async function checkout(token: string, product: 'decoder' | 'chat', tier: string) {
    const created =
      product === 'decoder'
        ? await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { tier }) })
        : await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' } });
    expect(created.status).toBe(201);
    const body = created.json();
    return (body.subscription_id ?? body.session_id) as string;
  }
  const pay = (id: string) => call(`/api/billing/sandbox/checkout/${id}/pay`, { form: true });
  const plans = async (token: string) => (await call(`/api/bias-payment/subscription/${subOf(token)}`, { token })).json();
  const cancelEvents = (id: string) =>
    ctx.database.db.selectFrom('payment_events').select(['event_type', 'outcome', 'actor']).where('subscription_id', '=', id).where('event_type', '=', 'subscription.cancel').execute();
  const paypalStatus = async (paypalId: string) =>
    (await ctx.database.db.selectFrom('paypal_sandbox_subscriptions').select('status').where('id', '=', paypalId).executeTakeFirstOrThrow()).status;

  it('PayPal Monthly then Annual: the Monthly is cancelled at PayPal and stops renewing, keeping its month; replays change nothing', async () => {
    const token = await identity.tokenFor('user');
    const monthly = await paypal(token, 'monthly');
    const monthlyEnd = (await subscriptionRow(ctx, monthly.id)).current_period_end;
    const annual = await paypal(token, 'annual');

    expect(await paypalStatus(monthly.paypalId)).toBe('CANCELLED');
    expect(await paypalStatus(annual.paypalId)).toBe('ACTIVE');
    const lower = await subscriptionRow(ctx, monthly.id);
    expect(lower.status).toBe('cancelled');
    expect(lower.current_period_end.getTime()).toBe(monthlyEnd.getTime());
    expect((await subscriptionRow(ctx, annual.id)).status).toBe('active');
    expect(await entitlementOf(ctx, token)).toMatchObject({ decoder_tier: 'annual' });
    const status = await plans(token);
    expect(status.subscription).toMatchObject({ id: annual.id, tier: 'annual', status: 'active' });
    expect(status.subscriptions.find((s: { id: string }) => s.id === monthly.id)).toMatchObject({ status: 'cancelled', grants_access: true });
    expect(await cancelEvents(monthly.id)).toEqual([{ event_type: 'subscription.cancel', outcome: 'applied: cancelled', actor: 'billing:upgrade' }]);

    // The activation again (Approve pressed twice, the thank-you page's verification twice): nothing more.
    expect((await call(annual.approve, { form: true })).status).toBe(303);
    for (let i = 0; i < 2; i++) {
      const again = (await call('/api/billing/paypal/verify', { token, json: { subscription_id: annual.paypalId } })).json();
      expect(again).toMatchObject({ verified: true, subscription: { id: annual.id, status: 'active' } });
    }
    expect(await cancelEvents(monthly.id)).toHaveLength(1);
    expect((await subscriptionRow(ctx, annual.id)).status).toBe('active');

    // The refusal: a Monthly under the Annual, by any way of paying, before anything is charged.
    const before = await ctx.database.db.selectFrom('subscriptions').select('id').where('user_id', '=', subOf(token)).execute();
    for (const refused of [
      await call('/api/billing/paypal/check', { token, json: { tier: 'monthly' } }),
      await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier: 'monthly' } }),
      await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token)) }),
      await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { payment_method: 'cashapp' }) }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, error: { code: PLAN_ALREADY_COVERED, details: { subscription: { id: annual.id } } } });
      expect(refused.json().error.message).toMatch(/^You already have News Decoder Annual until .+, which includes everything News Decoder Monthly gives\. Buying it would add nothing, so you have not been charged\.$/);
    }
    expect(await ctx.database.db.selectFrom('subscriptions').select('id').where('user_id', '=', subOf(token)).execute()).toHaveLength(before.length);
    // Buying the Annual again still extends it; PayPal's button is told so too.
    expect((await call('/api/billing/paypal/check', { token, json: { tier: 'annual' } })).json()).toEqual({ success: true });
    expect((await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { tier: 'annual' }) })).status).toBe(201);
  });

  it("PayPal's check before its button subscribes: yes with no plan, refused for a guest and for a tier that is not sold", async () => {
    const token = await identity.tokenFor('user');
    for (const tier of ['monthly', 'annual']) expect((await call('/api/billing/paypal/check', { token, json: { tier } })).json()).toEqual({ success: true });
    expect((await call('/api/billing/paypal/check', { json: { tier: 'monthly' } })).status).toBe(401);
    for (const body of [{ tier: 'lifetime' }, {}, { tier: ['monthly'] }]) {
      const refused = await call('/api/billing/paypal/check', { token, json: body });
      expect(refused.status).toBe(400);
      expect(refused.json().error.message).toBe('Invalid subscription tier');
    }
    // It only asks: nothing is bought.
    expect(await ctx.database.db.selectFrom('subscriptions').select('id').where('user_id', '=', subOf(token)).execute()).toEqual([]);
  });

  it('Bitcoin Monthly then Annual, paid at the same moment and each paid twice: the Monthly is stopped once, whichever lands first', async () => {
    const token = await identity.tokenFor('user');
    const monthly = await checkout(token, 'decoder', 'monthly');
    const annual = await checkout(token, 'decoder', 'annual');
    const paid = await Promise.all([pay(monthly), pay(annual), pay(annual), pay(monthly)]);
    expect(paid.map((answer) => answer.status)).toEqual([303, 303, 303, 303]);
    expect((await subscriptionRow(ctx, monthly)).status).toBe('cancelled');
    expect((await subscriptionRow(ctx, annual)).status).toBe('active');
    const applied = (await cancelEvents(monthly)).filter((event) => event.outcome === 'applied: cancelled');
    expect(applied).toHaveLength(1);
    expect(await entitlementOf(ctx, token)).toMatchObject({ decoder_tier: 'annual' });

    // The provider's activation webhook delivered again: a duplicate, nothing more stopped or changed.
    const secret = await installSecret(ctx.database.db, SANDBOX_SECRET_NAME);
    const event = await ctx.database.db.selectFrom('payment_events').select('event_id').where('subscription_id', '=', annual).where('provider', '=', 'sandbox').executeTakeFirstOrThrow();
    const raw = JSON.stringify({ id: event.event_id, type: 'payment.confirmed', created_at: new Date().toISOString(), data: { checkout_id: annual, amount_cents: 6000, currency: 'USD' } });
    const replay = await fetch(`${ctx.base}/api/billing/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(raw, secret, Date.now() / 1000) },
      body: raw,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await cancelEvents(monthly)).filter((e) => e.outcome === 'applied: cancelled')).toHaveLength(1);
  });

  it('chat Starter then Gold: the Starter stops renewing; nothing is sold under a lifetime Gold, Gold again included', async () => {
    const token = await identity.tokenFor('user');
    const starter = await checkout(token, 'chat', 'Starter');
    await pay(starter);
    expect((await subscriptionRow(ctx, starter)).status).toBe('active');
    const gold = await checkout(token, 'chat', 'Gold');
    await pay(gold);
    expect((await subscriptionRow(ctx, starter)).status).toBe('cancelled');
    expect((await subscriptionRow(ctx, gold))).toMatchObject({ status: 'active', lifetime: true });
    expect(await entitlementOf(ctx, token)).toMatchObject({ chat_tier: 'Gold', lifetime: true });

    for (const tier of ['Starter', 'Pro', 'Gold']) {
      const refused = await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' } });
      expect(refused.status).toBe(409);
      expect(refused.json().error).toMatchObject({ code: PLAN_ALREADY_COVERED, details: { subscription: { id: gold } } });
      expect(refused.json().error.message).toMatch(tier === 'Gold' ? /^You already have Chat Gold for life\. Buying it again would add nothing/ : new RegExp(`^You already have Chat Gold for life, which includes everything Chat ${tier} gives\\.`));
    }
    // The decoder is another product: still on sale.
    expect((await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token)) })).status).toBe(201);
  });

  it('leaves the same plan bought again to extend it, and an upgrade above a lower plan still on sale', async () => {
    const token = await identity.tokenFor('user');
    const first = await checkout(token, 'chat', 'Starter');
    await pay(first);
    const second = await checkout(token, 'chat', 'Starter');
    await pay(second);
    const [a, b] = [await subscriptionRow(ctx, first), await subscriptionRow(ctx, second)];
    expect([a.status, b.status]).toEqual(['active', 'active']);
    expect(b.current_period_end.getTime()).toBeGreaterThan(a.current_period_end.getTime());
    expect((await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier: 'Pro', success_url: '/payment-success', cancel_url: '/payment-cancelled' } })).status).toBe(201);
  });
});
