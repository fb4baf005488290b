// Cash App by hand: a pending payment with the account email as the note, the instructions page,
// and an administrator's approval that makes the plan active at once (or a rejection).
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { addMonthsUtc, decoderBody, emailOf, entitlementOf, get, post, subOf, subscriptionRow, billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('Cash App (manual) on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url, CASHAPP_CASHTAG: '$KeishaTest' });
  let admin: string;
  beforeAll(async () => {
    admin = await identity.tokenFor('admin');
  });

  const list = (token?: string, status = 'pending') => get(ctx, `/api/billing/admin/manual-payments?status=${status}`, token);

  it('creates a pending payment with the account email as the note, and instructions to pay', async () => {
    const token = await identity.tokenFor('user');
    const response = await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token), { payment_method: 'cashapp' }), token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      amount: 14.99,
      currency: 'USD',
      provider: 'cashapp',
      status: 'pending',
      payment_url: `/api/billing/cashapp/${body.subscription_id}`,
      instructions: { cashtag: '$KeishaTest', note: emailOf(token), amount: { cents: 1499, display: '$14.99' } },
    });
    expect(body.instructions.message).toContain('within 1 hour');

    const page = await get(ctx, body.payment_url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // The page is open to whoever holds its link: it names the note, the buyer's answer above carries the address.
    expect(page.body).toContain('<code>Your account email</code>');
    expect(page.body).not.toContain(emailOf(token));
    expect(page.body).toContain('href="https://cash.app/$KeishaTest/14.99"');
    expect(page.body).toContain(`href="/payment/success?subscription_id=${body.subscription_id}"`);
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('free');
  });

  it('lets only administrators list, approve and reject', async () => {
    const token = await identity.tokenFor('user');
    const id = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token), { payment_method: 'cashapp' }), token)).json().subscription_id;
    expect((await list()).statusCode).toBe(401);
    expect((await list(token)).statusCode).toBe(403);
    for (const action of ['approve', 'reject']) {
      expect((await post(ctx, `/api/billing/admin/manual-payments/${id}/${action}`, {})).statusCode).toBe(401);
      expect((await post(ctx, `/api/billing/admin/manual-payments/${id}/${action}`, {}, token)).statusCode).toBe(403);
    }
    expect((await subscriptionRow(ctx, id)).status).toBe('pending');
  });

  it('makes the plan active at once when an administrator approves, once however often they click', async () => {
    const token = await identity.tokenFor('user');
    const id = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token), { payment_method: 'cashapp', tier: 'annual' }), token)).json().subscription_id;
    const pending = (await list(admin)).json().payments;
    expect(pending.find((p: { id: string }) => p.id === id)).toMatchObject({ email: emailOf(token), amount: 99.99, tier: 'annual', status: 'pending', provider: 'cashapp' });

    const approvals = await Promise.all([1, 2, 3].map(() => post(ctx, `/api/billing/admin/manual-payments/${id}/approve`, {}, admin)));
    expect(approvals.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(approvals[0]!.json()).toMatchObject({ subscription: { status: 'active', grants_access: true } });
    const row = await subscriptionRow(ctx, id);
    expect(row.current_period_end.getTime()).toBe(addMonthsUtc(row.activated_at, 12).getTime());
    expect(await entitlementOf(ctx, token)).toMatchObject({ decoder_tier: 'annual' });
    expect((await list(admin)).json().payments.some((p: { id: string }) => p.id === id)).toBe(false);
    expect((await list(admin, 'all')).json().payments.some((p: { id: string }) => p.id === id)).toBe(true);
    const approvedEvents = await ctx.database.db.selectFrom('payment_events').selectAll().where('subscription_id', '=', id).execute();
    expect(approvedEvents).toHaveLength(1);
    expect(approvedEvents[0]).toMatchObject({ provider: 'cashapp', actor: subOf(admin) });

    const reject = await post(ctx, `/api/billing/admin/manual-payments/${id}/reject`, {}, admin);
    expect(reject.statusCode).toBe(409);
    expect(reject.json().error.message).toBe('This payment is no longer pending.');
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('annual');

    // Support cancels on the buyer's behalf: access stays until the paid year ends.
    const cancelled = await post(ctx, '/api/bias-payment/cancel-subscription', { user_id: subOf(token), subscription_id: id, reason: 'asked by email' }, admin);
    expect(cancelled.json()).toMatchObject({ subscription: { status: 'cancelled' }, access_until: row.current_period_end.toISOString() });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('annual');
  });

  it('rejects a payment that never arrived, and can still approve it if it turns up', async () => {
    const token = await identity.tokenFor('user');
    const session = await post(ctx, '/api/create-checkout-session', { email: emailOf(token), tier: 'Pro', success_url: '/payment-success', cancel_url: '/payment-cancelled', payment_method: 'cashapp' }, token);
    expect(session.statusCode).toBe(201);
    const { session_id, amount, url } = session.json();
    expect(amount).toBe(75);
    expect(url).toBe(`/api/billing/cashapp/${session_id}`);
    const rejected = await post(ctx, `/api/billing/admin/manual-payments/${session_id}/reject`, { reason: 'no payment with this note' }, admin);
    expect(rejected.json()).toMatchObject({ subscription: { status: 'failed', failure_reason: 'rejected: no payment with this note' } });
    expect((await entitlementOf(ctx, token)).chat_tier).toBe('Free');
    expect((await post(ctx, `/api/billing/admin/manual-payments/${session_id}/approve`, {}, admin)).statusCode).toBe(200);
    expect((await entitlementOf(ctx, token)).chat_tier).toBe('Pro');
  });

  it('answers 404 for ids that are not manual payments', async () => {
    const token = await identity.tokenFor('user');
    const bitcoin = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token)), token)).json().subscription_id;
    for (const id of [bitcoin, crypto.randomUUID()]) {
      const response = await post(ctx, `/api/billing/admin/manual-payments/${id}/approve`, {}, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('No such payment.');
    }
    expect((await get(ctx, `/api/billing/cashapp/${bitcoin}`)).statusCode).toBe(404);
    expect((await subscriptionRow(ctx, bitcoin)).status).toBe('pending');
  });
});
