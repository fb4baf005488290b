// The admin console's sales figures over HTTP on a real database (issue 28, item 6): purchases, renewals,
// refunds and revenue per plan and per provider come from the payments billing confirmed, in the admin's
// period and time zone; a checkout left unpaid or a repeated Pay adds nothing; admins only.
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import type { SalesSummary } from '@keisha/contracts/analytics';
import { decoderBody, get, post, subOf, billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

const SALES = '/api/billing/admin/sales';

describe.each(targets)('admin sales on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url, CASHAPP_CASHTAG: '$KeishaTest' });
  let admin: string;
  beforeAll(async () => {
    admin = await identity.tokenFor('admin');
  });

  const sales = async (query: string) => {
    const response = await get(ctx, `${SALES}?${query}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SalesSummary;
  };
  /** The Pay button of a sandbox checkout page, as a buyer presses it. */
  const payButton = async (paymentUrl: string) => {
    const page = await get(ctx, paymentUrl);
    const action = /<form method="post" action="([^"]+)"><button[^>]*>Pay/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(action, page.body).toBeTruthy();
    return () => ctx.app.inject({ method: 'POST', url: action!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  };

  it('counts the payments billing confirmed, per plan and provider, with refunds beside the revenue', async () => {
    const empty = await sales('days=30&time_zone=UTC');
    expect(empty).toMatchObject({ success: true, days: 30, currency: 'USD', purchases: 0, revenue_cents: 0, by_plan: [], by_provider: [] });

    // A monthly plan paid in the sandbox ($7), twice pressed.
    const reader = await identity.tokenFor('user');
    const bought = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(reader)), reader)).json();
    const pay = await payButton(bought.payment_url);
    expect((await pay()).statusCode).toBe(303);
    expect((await pay()).statusCode).toBe(303);
    // A Cash App payment ($14.99) an admin approved, then refunded.
    const other = await identity.tokenFor('user');
    const manual = (await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(other), { payment_method: 'cashapp' }), other)).json();
    expect((await post(ctx, `/api/billing/admin/manual-payments/${manual.subscription_id}/approve`, {}, admin)).statusCode).toBe(200);
    expect((await post(ctx, `/api/billing/admin/subscriptions/${manual.subscription_id}/refund`, {}, admin)).statusCode).toBe(200);
    // An annual checkout never paid, and a Cash App payment still waiting: not sales.
    const third = await identity.tokenFor('user');
    expect((await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(third), { tier: 'annual' }), third)).statusCode).toBe(201);
    expect((await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(third), { payment_method: 'cashapp' }), third)).statusCode).toBe(201);

    const summary = await sales('days=7&time_zone=America/New_York');
    expect(summary).toMatchObject({ days: 7, time_zone: 'America/New_York', purchases: 2, renewals: 0, revenue_cents: 700 + 1499, refunds: 1, refunded_cents: 1499 });
    expect(summary.dates).toHaveLength(7);
    expect(summary.daily_purchases).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(summary.by_plan).toEqual([{ product: 'decoder', tier: 'monthly', purchases: 2, renewals: 0, revenue_cents: 2199, refunds: 1, refunded_cents: 1499 }]);
    expect(summary.by_provider).toEqual([
      { provider: 'cashapp', purchases: 1, renewals: 0, revenue_cents: 1499, refunds: 1, refunded_cents: 1499 },
      { provider: 'sandbox', purchases: 1, renewals: 0, revenue_cents: 700, refunds: 0, refunded_cents: 0 },
    ]);

    // A payment confirmed 40 days ago counts in the last 90 days, not in the last 30.
    await ctx.database.db
      .updateTable('payment_events')
      .set({ received_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('subscription_id', '=', bought.subscription_id)
      .execute();
    expect((await sales('days=30')).purchases).toBe(1);
    expect((await sales('days=90')).purchases).toBe(2);
  });

  it('is for administrators only, and refuses a period or a time zone it does not know with our 400', async () => {
    expect((await get(ctx, `${SALES}?days=7`)).statusCode).toBe(401);
    expect((await get(ctx, `${SALES}?days=7`, await identity.tokenFor('user'))).statusCode).toBe(403);
    for (const query of ['days=14', 'days=abc', 'days=7&time_zone=Mars/Olympus', 'time_zone=%27%3B']) {
      const response = await get(ctx, `${SALES}?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
  });
});
