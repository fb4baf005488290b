// Counted limits and payment decisions under concurrency (issue 29, item 3), over real HTTP on PGlite
// and PostgreSQL: the hourly cap on starting purchases is exact when many starts arrive at once, and a
// Pay that crosses the buyer's own Cancel never leaves a paid purchase "cancelled" (the payment that is
// confirmed first wins; the cancel of a checkout that turned out paid is refused with a 409).
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@keisha/contracts/billing';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { CHECKOUTS_PER_HOUR } from '../src/payments/checkout.ts';
import { bearer, decoderBody, subOf, subscriptionRow, servedBillingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('limits and payment decisions under concurrency on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url });

  const postJson = async (path: string, body: unknown, token: string) => {
    const response = await fetch(`${ctx.base}${path}`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const pay = (id: string) =>
    fetch(`${ctx.base}/api/billing/sandbox/checkout/${id}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  const start = async (token: string) => {
    const created = await postJson('/api/bias-payment/create-subscription', decoderBody(subOf(token)), token);
    expect(created.status).toBe(201);
    return created.body.subscription_id as string;
  };

  it(`lets exactly ${CHECKOUTS_PER_HOUR} of 60 simultaneous checkouts of one account start, and refuses the rest with 429`, async () => {
    const token = await identity.tokenFor('user');
    const answers = await Promise.all(Array.from({ length: 60 }, () => postJson('/api/bias-payment/create-subscription', decoderBody(subOf(token)), token)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CHECKOUTS_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - CHECKOUTS_PER_HOUR);
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(refused.body).toMatchObject({ success: false, error: { code: 'TOO_MANY_CHECKOUTS', message: PAYMENT_MESSAGES.initiationFailed } });
    }
    const rows = await ctx.database.db.selectFrom('subscriptions').select('id').where('user_id', '=', subOf(token)).execute();
    expect(rows).toHaveLength(CHECKOUTS_PER_HOUR);
    // Another account is not held back by the first one's starts.
    const other = await identity.tokenFor('user');
    expect((await postJson('/api/bias-payment/create-subscription', decoderBody(subOf(other)), other)).status).toBe(201);
  });

  it('never leaves a paid checkout cancelled when the sandbox Pay and the buyer’s Cancel of that checkout arrive together', async () => {
    const token = await identity.tokenFor('user');
    const userId = subOf(token);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await start(token));
    const cancels = await Promise.all(
      ids.map(async (id) => {
        const [, cancel] = await Promise.all([pay(id), postJson('/api/bias-payment/cancel-subscription', { user_id: userId, subscription_id: id, expected_status: 'pending' }, token)]);
        return { id, cancel };
      }),
    );
    for (const { id, cancel } of cancels) {
      const row = await subscriptionRow(ctx, id);
      // Never paid and then cancelled: either the payment was confirmed first and stands (the cancel is then
      // refused with a 409 saying so), or the cancel closed the checkout first (a payment that still lands
      // afterwards, money having moved, activates it rather than being lost).
      expect(['active', 'failed']).toContain(row.status);
      expect(row.cancelled_at).toBeNull();
      expect([200, 409]).toContain(cancel.status);
      if (cancel.status === 409) {
        expect(row.status).toBe('active');
        expect(cancel.body.error).toMatchObject({ code: 'ALREADY_PAID', message: PAYMENT_MESSAGES.cancelFailed });
        expect(cancel.body.error.details.reason).toMatch(/paid before the cancel/);
      } else {
        expect(cancel.body.subscription.status).toBe('failed');
      }
    }
  });

  it('adds one period for each of several paid checkouts of one plan confirmed at the same moment', async () => {
    const token = await identity.tokenFor('user');
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await start(token));
    const paid = await Promise.all(ids.map((id) => pay(id)));
    expect(paid.map((answer) => answer.status)).toEqual(ids.map(() => 303));
    const rows = await Promise.all(ids.map((id) => subscriptionRow(ctx, id)));
    expect(rows.map((row) => row.status)).toEqual(ids.map(() => 'active'));
    // Four months back to back: every end is one month after another's, and no two are the same.
    const ends = rows.map((row) => row.current_period_end.getTime()).sort((a, b) => a - b);
    expect(new Set(ends).size).toBe(4);
    for (let i = 1; i < ends.length; i += 1) {
      const gapDays = (ends[i]! - ends[i - 1]!) / 86_400_000;
      expect(gapDays).toBeGreaterThanOrEqual(28);
      expect(gapDays).toBeLessThanOrEqual(31);
    }
  });

  it('refuses to cancel, as a pending checkout, a purchase that was paid meanwhile; cancels it as a plan when asked to', async () => {
    const token = await identity.tokenFor('user');
    const userId = subOf(token);
    const id = await start(token);
    expect((await pay(id)).status).toBe(303);
    // The reader's page still showed "waiting for payment" and sent the cancel of that checkout.
    const stale = await postJson('/api/bias-payment/cancel-subscription', { user_id: userId, subscription_id: id, expected_status: 'pending' }, token);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('ALREADY_PAID');
    expect(await subscriptionRow(ctx, id)).toMatchObject({ status: 'active', cancelled_at: null });
    // The plan's own Cancel (the account page, chat Settings) stops the renewal.
    const stop = await postJson('/api/bias-payment/cancel-subscription', { user_id: userId, subscription_id: id, expected_status: 'active' }, token);
    expect(stop.status).toBe(200);
    expect(stop.body.subscription.status).toBe('cancelled');
    expect(stop.body.access_until).toBe((await subscriptionRow(ctx, id)).current_period_end!.toISOString());
  });
});
