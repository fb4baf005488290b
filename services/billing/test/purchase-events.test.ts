// The purchase-event feed identity mails receipts from (GET /internal/billing/purchase-events), over real HTTP on
// PGlite and PostgreSQL: a payment confirmed (Bitcoin sandbox, PayPal sandbox, Cash App approved by an
// administrator), a plan that stops renewing (the reader's Cancel, an upgrade), a refund; each once however often
// it is confirmed; paging by cursor gives the same events in the same order; the internal token is required; and a
// payment committed late (its transaction began first) is never left behind a cursor already given out.
import { describe, expect, it } from 'vitest';
import { INTERNAL_PURCHASE_EVENTS_PATH } from '@keisha/contracts/billing';
import { purchaseEventsResponse, type PurchaseEvent } from '@keisha/contracts/billing/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { browse, decoderBody, emailOf, formAction, servedBillingForSuite, subOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const INTERNAL = 'purchase-events-test-internal-token-0123456789';

describe.each(targets)('purchase events for receipts on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL, CASHAPP_CASHTAG: '$KeishaTest' });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);

  const feed = async (query: string, token: string | null = INTERNAL) => {
    const response = await fetch(`${ctx.base}${INTERNAL_PURCHASE_EVENTS_PATH}${query}`, { headers: token ? { [INTERNAL_TOKEN_HEADER]: token } : {} });
    return { status: response.status, body: (await response.json()) as any };
  };
  /** Every event after `after`, page by page (`limit` a page), as identity reads them. */
  const drain = async (after: string | null, limit = 100) => {
    const events: PurchaseEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await feed(`?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const body = purchaseEventsResponse.parse(page.body);
      events.push(...body.events);
      if (body.events.length === 0) {
        expect(body.next_cursor).toBe(cursor);
        return { events, cursor };
      }
      cursor = body.next_cursor;
    }
  };
  const head = async () => (await drain(null)).cursor;

  async function checkout(token: string, product: 'decoder' | 'chat', tier: string, method: 'bitcoin' | 'cashapp' = 'bitcoin') {
    const created =
      product === 'decoder'
        ? await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { tier, payment_method: method }) })
        : await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier, success_url: '/payment-success', cancel_url: '/payment-cancelled', payment_method: method } });
    expect(created.status, created.text).toBe(201);
    const body = created.json();
    return (body.subscription_id ?? body.session_id) as string;
  }
  const pay = async (id: string) => expect((await call(`/api/billing/sandbox/checkout/${id}/pay`, { form: true })).status).toBe(303);

  it('tells each payment, cancellation and refund once, in order, with what a receipt needs', async () => {
    const start = await head();
    const reader = await identity.tokenFor('user');
    const admin = await identity.tokenFor('admin');
    const user = subOf(reader);

    // Bitcoin (sandbox) Monthly, Pay pressed twice: one payment.
    const monthly = await checkout(reader, 'decoder', 'monthly');
    await pay(monthly);
    await pay(monthly);
    // An unpaid checkout tells nothing.
    await checkout(reader, 'decoder', 'annual');
    // The reader cancels the Monthly (twice: the second changes nothing).
    for (let i = 0; i < 2; i++) {
      const cancelled = await call('/api/bias-payment/cancel-subscription', { token: reader, json: { user_id: user, subscription_id: monthly, expected_status: 'active' } });
      expect(cancelled.status, cancelled.text).toBe(200);
    }
    // Chat Starter, then Gold: the upgrade stops the Starter's renewal.
    const starter = await checkout(reader, 'chat', 'Starter');
    await pay(starter);
    const gold = await checkout(reader, 'chat', 'Gold');
    await pay(gold);
    // Cash App, approved by an administrator (twice), then refunded.
    const other = await identity.tokenFor('user');
    const manual = await checkout(other, 'decoder', 'monthly', 'cashapp');
    for (let i = 0; i < 2; i++) await call(`/api/billing/admin/manual-payments/${manual}/approve`, { token: admin, json: {} });
    expect((await call(`/api/billing/admin/subscriptions/${manual}/refund`, { token: admin, json: {} })).status).toBe(200);
    // PayPal (sandbox) Annual, approved.
    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token: other, json: { tier: 'annual' } });
    expect(created.status, created.text).toBe(201);
    const approve = formAction((await call(created.json().approve_url)).text, /Approve/);
    expect((await call(approve, { form: true })).status).toBe(303);

    const { events, cursor } = await drain(start);
    expect(events.map((e) => [e.kind, e.plan_name, e.user_id === user ? 'reader' : 'other', e.renewal, e.replaced_by_upgrade])).toEqual([
      ['paid', 'News Decoder Monthly', 'reader', false, false],
      ['cancelled', 'News Decoder Monthly', 'reader', false, false],
      ['paid', 'Chat Starter', 'reader', false, false],
      ['paid', 'Chat Gold', 'reader', false, false],
      ['cancelled', 'Chat Starter', 'reader', false, true],
      ['paid', 'News Decoder Monthly', 'other', false, false],
      ['refunded', 'News Decoder Monthly', 'other', false, false],
      ['paid', 'News Decoder Annual', 'other', false, false],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(events[0]).toMatchObject({
      subscription_id: monthly,
      email: emailOf(reader),
      product: 'decoder',
      tier: 'monthly',
      amount_cents: 700,
      currency: 'USD',
      provider: 'sandbox',
      payment_method: 'bitcoin',
      lifetime: false,
    });
    expect(Date.parse(events[0]!.period_end!)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(events.find((e) => e.plan_name === 'Chat Gold')).toMatchObject({ lifetime: true, period_end: null, amount_cents: 9900, tier: 'Gold', product: 'chat' });
    expect(events[5]).toMatchObject({ provider: 'cashapp', payment_method: 'cashapp', amount_cents: 1499, subscription_id: manual });
    expect(events[7]).toMatchObject({ provider: 'paypal', payment_method: 'paypal', amount_cents: 9999 });
    for (const event of events) expect(Date.parse(event.occurred_at)).toBeGreaterThan(Date.now() - 600_000);

    // One at a time gives the same events in the same order; after the last: nothing, the cursor kept.
    expect((await drain(start, 1)).events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(await feed(`?after=${cursor}`)).toEqual({ status: 200, body: { success: true, events: [], next_cursor: cursor } });
  });

  it('answers only our services, and refuses a cursor or limit it did not give', async () => {
    for (const token of [null, 'wrong-token-wrong-token-wrong-token-0000']) {
      const refused = await feed('', token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    for (const query of ['?after=12', '?after=a.b', '?after=1.2.3', `?after=${'9'.repeat(21)}.1`, '?limit=0', '?limit=501', '?limit=x', '?after=1.2&after=3.4']) {
      const refused = await feed(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
  });

  it('never gives a cursor past a payment still being committed: payments and readers at the same moment miss none and repeat none', async () => {
    const start = await head();
    const readers = await Promise.all(Array.from({ length: 3 }, () => identity.tokenFor('user')));
    const ids = await Promise.all(readers.flatMap((token) => [checkout(token, 'decoder', 'monthly'), checkout(token, 'chat', 'Starter'), checkout(token, 'chat', 'Pro')]));
    // A reader of the feed walking it while the payments land, as identity's job does.
    const seen: PurchaseEvent[] = [];
    let cursor = start;
    let paying = true;
    const walker = (async () => {
      while (paying) {
        const page = purchaseEventsResponse.parse((await feed(`?limit=2${cursor ? `&after=${cursor}` : ''}`)).body);
        seen.push(...page.events);
        cursor = page.next_cursor;
      }
    })();
    await Promise.all(ids.map((id) => pay(id)));
    paying = false;
    await walker;
    seen.push(...(await drain(cursor)).events);
    const paid = seen.filter((e) => ids.includes(e.subscription_id) && e.kind === 'paid');
    expect(paid.map((e) => e.subscription_id).sort()).toEqual([...ids].sort());
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
  });

  if (target.kind === 'postgres') {
    it('holds back what committed after a transaction that began earlier is still open, then gives both (PostgreSQL: two connections)', async () => {
      const start = await head();
      const reader = await identity.tokenFor('user');
      const early = await checkout(reader, 'decoder', 'monthly');
      const late = await checkout(reader, 'chat', 'Starter');
      // A transaction that records an event and stays open: its id and its sequence number come first.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let recorded!: () => void;
      const wasRecorded = new Promise<void>((resolve) => (recorded = resolve));
      const open = ctx.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('payment_events')
          .values({ provider: 'test', event_id: `held:${early}`, event_type: 'test.confirmed', subscription_id: early, outcome: 'applied: activated' })
          .execute();
        recorded();
        await held;
      });
      await wasRecorded;
      await pay(late);
      // The later payment is committed but waits behind the open transaction.
      expect((await drain(start)).events.filter((e) => e.user_id === subOf(reader))).toEqual([]);
      release();
      await open;
      const after = (await drain(start)).events.filter((e) => e.user_id === subOf(reader));
      expect(after.map((e) => e.subscription_id)).toEqual([early, late]);
    });
  }
});
