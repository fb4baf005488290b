// Every payment path completes offline (issue 28, item 3): with the sandbox on and no PayPal keys, billing
// stands in for PayPal (a subscription created for the signed-in reader, an approval page, the return to
// /thank-you, the verification, the account's Cancel); and Cash App shows a tag from configuration, or the
// sandbox's placeholder tag with words saying not to pay it. Over real HTTP, on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { CASHAPP_SANDBOX_CASHTAG } from '../src/providers/cashapp.ts';
import { bearer, billingAppOn, decoderBody, entitlementOf, subOf, servedBillingForSuite, browse, formAction } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('the PayPal and Cash App sandboxes on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url });

  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);

  it('publishes a sandbox PayPal and a sandbox Cash App tag when neither is configured', async () => {
    const options = (await call('/api/billing/payment-options')).json();
    expect(options.paypal).toMatchObject({ sandbox: true, plans: { monthly: expect.any(String), annual: expect.any(String) } });
    expect(options.cashapp).toEqual({ cashtag: CASHAPP_SANDBOX_CASHTAG, sandbox: true });
  });

  it('sells the Monthly plan through the PayPal sandbox: approve, return to /thank-you, verify, then cancel from the account', async () => {
    const token = await identity.tokenFor('user');
    const userId = subOf(token);
    expect((await call('/api/billing/paypal/sandbox/subscriptions', { json: { tier: 'monthly' } })).status).toBe(401);
    expect((await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier: 'weekly' } })).status).toBe(400);

    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier: 'monthly' } });
    expect(created.status).toBe(201);
    const { subscription_id: paypalId, approve_url: approveUrl } = created.json();
    expect(paypalId).toMatch(/^I-SANDBOX-/);

    const page = await call(approveUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sandbox — no real money moves');
    expect(page.text).toContain('$9.99');
    expect(page.text).not.toContain(userId);
    // Not verified before approval: PayPal says APPROVAL_PENDING.
    const early = (await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json();
    expect(early).toMatchObject({ verified: false, paypal_status: 'APPROVAL_PENDING' });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');

    const approved = await call(formAction(page.text, /Approve/), { form: true });
    expect(approved.status).toBe(303);
    expect(approved.location).toBe(`/thank-you?method=paypal&tier=monthly&amount=9.99&subscription_id=${paypalId}`);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');

    // The thank-you page's verification, as with PayPal itself; another account cannot claim it.
    const verified = (await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json();
    expect(verified).toMatchObject({ verified: true, paypal_status: 'ACTIVE', subscription: { provider: 'paypal', tier: 'monthly', status: 'active', amount: 9.99 } });
    const stranger = await identity.tokenFor('user');
    expect((await call('/api/billing/paypal/verify', { token: stranger, json: { subscription_id: paypalId } })).status).toBe(403);

    // The account's Cancel stops it at the (sandbox) provider and keeps access to the end of the period.
    const cancel = await call('/api/bias-payment/cancel-subscription', { token, json: { user_id: userId, subscription_id: verified.subscription.id, expected_status: 'active' } });
    expect(cancel.status).toBe(200);
    expect(cancel.json()).toMatchObject({ subscription: { status: 'cancelled' }, access_until: verified.subscription.current_period_end });
    const after = (await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json();
    expect(after.paypal_status).toBe('CANCELLED');
    expect(after.subscription.status).toBe('cancelled');
  });

  it('returns to /pricing when the approval is left, and grants nothing', async () => {
    const token = await identity.tokenFor('user');
    const { approve_url: approveUrl } = (await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier: 'annual' } })).json();
    const page = await call(approveUrl);
    const left = await call(formAction(page.text, /Cancel/), { form: true });
    expect(left.status).toBe(303);
    expect(left.location).toBe('/pricing?paypal=cancelled');
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
    expect((await call('/api/billing/sandbox/paypal/I-SANDBOX-NOSUCHTHING1')).status).toBe(404);
  });

  it('shows the sandbox’s Cash App tag with words saying not to pay it, and no Cash App link', async () => {
    const token = await identity.tokenFor('user');
    const created = await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { payment_method: 'cashapp' }) });
    expect(created.status).toBe(201);
    const body = created.json();
    expect(body.instructions).toMatchObject({ cashtag: CASHAPP_SANDBOX_CASHTAG, sandbox: true });
    expect(body.instructions.message).toMatch(/do not send money/);
    const page = await call(body.payment_url);
    expect(page.text).toContain('Sandbox — no real money moves');
    expect(page.text).toContain(CASHAPP_SANDBOX_CASHTAG);
    expect(page.text).not.toContain('https://cash.app/');
    expect(page.text).not.toMatch(/ask support/i);
  });

  it('uses the configured tag when there is one, and offers no Cash App without a tag when the sandbox is off', async () => {
    const configured = await billingAppOn(ctx.database, { IDENTITY_URL: identity.url, CASHAPP_CASHTAG: '$KeishaReal' });
    try {
      expect((await configured.inject({ method: 'GET', url: '/api/billing/payment-options' })).json().cashapp).toEqual({ cashtag: '$KeishaReal', sandbox: false });
    } finally {
      await configured.close();
    }
    const off = await billingAppOn(ctx.database, { IDENTITY_URL: identity.url, PAYMENTS_SANDBOX: 'off' });
    try {
      const options = (await off.inject({ method: 'GET', url: '/api/billing/payment-options' })).json();
      expect(options).toMatchObject({ paypal: null, cashapp: { cashtag: null, sandbox: false } });
      const token = await identity.tokenFor('user');
      const refused = await off.inject({
        method: 'POST',
        url: '/api/bias-payment/create-subscription',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify(decoderBody(subOf(token), { payment_method: 'cashapp' })),
      });
      expect(refused.statusCode).toBe(503);
      expect((await off.inject({ method: 'POST', url: '/api/billing/paypal/sandbox/subscriptions', headers: bearer(token) })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
