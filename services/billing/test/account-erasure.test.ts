// Erasing a deleted account (DELETE /internal/billing/accounts/:user_id, called by identity), over real HTTP on
// PGlite and PostgreSQL with the sandboxes: the plan bought through the PayPal sandbox is cancelled there and no
// longer gives access, a paid chat plan stops renewing, an unpaid Cash App payment is closed and can no longer be
// approved, the records stay without the person's address or words, another reader is untouched, a second call
// changes nothing; and what starts after the erasure (a PayPal approval in a window left open, a new purchase)
// gives the deleted account nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INTERNAL_PURCHASE_EVENTS_PATH, internalAccountErasurePath } from '@keisha/contracts/billing';
import { purchaseEventsResponse } from '@keisha/contracts/billing/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { browse, decoderBody, emailOf, formAction, servedBillingForSuite, subOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const INTERNAL = 'account-erasure-test-internal-token-0123456789';
const ZEROS = { checkouts_closed: 0, renewals_stopped: 0, purchase_records_cleared: 0, paypal_sandbox_records_cleared: 0, demo_requests_deleted: 0 };

describe.each(targets)('erasing a deleted account on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL, CASHAPP_CASHTAG: '$KeishaTest' });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);
  const db = () => ctx.database.db;

  const erase = async (userId: string, token: string | null = INTERNAL) => {
    const response = await fetch(`${ctx.base}${internalAccountErasurePath(userId)}`, { method: 'DELETE', headers: token ? { [INTERNAL_TOKEN_HEADER]: token } : {} });
    return { status: response.status, body: (await response.json()) as any };
  };
  const internalEntitlement = async (userId: string) =>
    ((await (await fetch(`${ctx.base}/internal/billing/entitlements/${userId}`, { headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } })).json()) as any).entitlement;

  /** A PayPal sandbox subscription created (PayPal's button) and, unless `approve` is false, approved and verified. */
  async function paypal(token: string, tier: 'monthly' | 'annual', approve = true) {
    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier } });
    expect(created.status, created.text).toBe(201);
    const { subscription_id: paypalId, approve_url: approveUrl } = created.json();
    const approveAction = formAction((await call(approveUrl)).text, /Approve/);
    if (!approve) return { paypalId, approveAction };
    expect((await call(approveAction, { form: true })).status).toBe(303);
    expect((await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json()).toMatchObject({ verified: true });
    return { paypalId, approveAction };
  }
  async function checkout(token: string, product: 'decoder' | 'chat', tier: string, method: 'bitcoin' | 'cashapp' = 'bitcoin') {
    const created =
      product === 'decoder'
        ? await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { tier, payment_method: method }) })
        : await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier, success_url: '/payment-success?ref=newsletter', cancel_url: '/payment-cancelled', payment_method: method } });
    expect(created.status, created.text).toBe(201);
    const body = created.json();
    return (body.subscription_id ?? body.session_id) as string;
  }
  const pay = async (id: string) => expect((await call(`/api/billing/sandbox/checkout/${id}/pay`, { form: true })).status).toBe(303);
  const sandboxRow = (paypalId: string) => db().selectFrom('paypal_sandbox_subscriptions').selectAll().where('id', '=', paypalId).executeTakeFirstOrThrow();
  const purchasesOf = (userId: string) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const demoRequest = (email: string) => call('/api/enterprise-demo-request', { json: { email } });
  const demoRequestsOf = (email: string) => db().selectFrom('enterprise_demo_requests').select('id').where('email', '=', email.toLowerCase()).execute();

  it('refuses a caller without the internal token (401) and an id that is not an account id (400), changing nothing', async () => {
    const reader = await identity.tokenFor('user');
    await paypal(reader, 'monthly');
    for (const token of [null, 'not-the-token']) {
      const refused = await erase(subOf(reader), token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    const byReader = await fetch(`${ctx.base}${internalAccountErasurePath(subOf(reader))}`, { method: 'DELETE', headers: { authorization: `Bearer ${reader}` } });
    expect(byReader.status).toBe(401);
    for (const id of ['not-a-uuid', '1', `${subOf(reader)}x`, "' or 1=1 --"]) {
      const refused = await erase(id);
      expect(refused.status, id).toBe(400);
      expect(refused.body.success).toBe(false);
    }
    expect(await internalEntitlement(subOf(reader))).toMatchObject({ decoder_tier: 'monthly' });
    expect((await purchasesOf(subOf(reader)))[0]).toMatchObject({ status: 'active', email: emailOf(reader) });
  });

  it('stops every renewal (at the PayPal sandbox too), closes unpaid checkouts, keeps the records without personal data; another reader is untouched; a second call changes nothing', async () => {
    const reader = await identity.tokenFor('user');
    const other = await identity.tokenFor('user');
    const admin = await identity.tokenFor('admin');
    const user = subOf(reader);

    const monthly = await paypal(reader, 'monthly');
    const starter = await checkout(reader, 'chat', 'Starter');
    await pay(starter);
    const cashApp = await checkout(reader, 'decoder', 'annual', 'cashapp');
    // Closed by the reader with words of their own.
    const left = await checkout(reader, 'chat', 'Pro');
    const close = await call('/api/bias-payment/cancel-subscription', { token: reader, json: { user_id: user, subscription_id: left, reason: 'Too dear for me, Jane Doe', expected_status: 'pending' } });
    expect(close.status, close.text).toBe(200);
    expect((await demoRequest(emailOf(reader))).status).toBe(201);
    const theirs = await paypal(other, 'annual');
    expect((await demoRequest(emailOf(other))).status).toBe(201);
    expect(await internalEntitlement(user)).toMatchObject({ decoder_tier: 'monthly', chat_tier: 'Starter' });

    const first = await erase(user);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      success: true,
      erased: { checkouts_closed: 1, renewals_stopped: 2, purchase_records_cleared: 4, paypal_sandbox_records_cleared: 1, demo_requests_deleted: 1 },
    });

    // Nothing renews: cancelled at the PayPal sandbox and here; the chat plan stopped too; no plan any more.
    expect(await sandboxRow(monthly.paypalId)).toMatchObject({ status: 'CANCELLED', subscriber_email: null });
    const rows = await purchasesOf(user);
    expect(rows.map((row) => [row.provider, row.tier, row.status])).toEqual([
      ['paypal', 'monthly', 'cancelled'],
      ['sandbox', 'Starter', 'cancelled'],
      ['cashapp', 'annual', 'failed'],
      ['sandbox', 'Pro', 'failed'],
    ]);
    expect(await internalEntitlement(user)).toEqual({ decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false });
    expect((await call('/api/billing/entitlements/me', { token: reader })).json().entitlement).toMatchObject({ decoder_tier: 'free', chat_tier: 'Free' });

    // The records stay (what was bought, paid, when), keyed by the account's id, with nothing naming the person.
    for (const row of rows) {
      expect(row).toMatchObject({ user_id: user, email: null, return_url: null, cancel_url: null });
      expect(row.amount_cents).toBeGreaterThan(0);
    }
    expect(rows[0]!.activated_at).not.toBeNull();
    expect(rows[3]!.failure_reason).toBe('cancelled: (erased with the account)');
    expect(JSON.stringify(rows)).not.toContain('Jane');
    expect(await demoRequestsOf(emailOf(reader))).toEqual([]);
    const events = await db().selectFrom('payment_events').select(['event_type', 'outcome', 'actor']).where('subscription_id', 'in', rows.map((row) => row.id)).execute();
    expect(events.filter((event) => event.actor === 'billing:erasure').map((event) => event.outcome).sort()).toEqual([
      'applied: abandoned',
      'applied: cancelled',
      'applied: cancelled',
    ]);
    expect(events.filter((event) => event.outcome === 'applied: activated')).toHaveLength(2);

    // The Cash App payment can no longer be approved into the deleted account; nothing new can start.
    const approval = await call(`/api/billing/admin/manual-payments/${cashApp}/approve`, { token: admin, method: 'POST' });
    expect(approval.status, approval.text).toBe(409);
    expect(approval.json().error.code).toBe('ACCOUNT_ERASED');
    expect((await purchasesOf(user))[2]).toMatchObject({ id: cashApp, status: 'failed' });
    const start = await call('/api/bias-payment/create-subscription', { token: reader, json: decoderBody(user) });
    expect(start.status).toBe(403);
    expect(start.json().error.code).toBe('ACCOUNT_ERASED');

    // The other reader keeps everything.
    expect(await sandboxRow(theirs.paypalId)).toMatchObject({ status: 'ACTIVE', subscriber_email: emailOf(other) });
    expect(await internalEntitlement(subOf(other))).toMatchObject({ decoder_tier: 'annual' });
    expect((await purchasesOf(subOf(other)))[0]).toMatchObject({ status: 'active', email: emailOf(other) });
    expect(await demoRequestsOf(emailOf(other))).toHaveLength(1);

    // Again (identity retrying after a lost answer), and an account billing never knew: 200, nothing to do.
    expect(await erase(user)).toEqual({ status: 200, body: { success: true, erased: ZEROS } });
    expect(await erase(user.toUpperCase())).toEqual({ status: 200, body: { success: true, erased: ZEROS } });
    expect(await erase(randomUUID())).toEqual({ status: 200, body: { success: true, erased: ZEROS } });
    expect((await purchasesOf(user)).map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'failed', 'failed']);
  });

  it('puts the erasure’s cancellations in the purchase-event feed, without an address', async () => {
    const reader = await identity.tokenFor('user');
    const user = subOf(reader);
    await paypal(reader, 'annual');
    expect((await erase(user)).status).toBe(200);
    /** The reader's events in the feed, read page by page as identity does. */
    const feedOf = async () => {
      const events = [];
      for (let cursor: string | null = null; ; ) {
        const page = await fetch(`${ctx.base}${INTERNAL_PURCHASE_EVENTS_PATH}?limit=500${cursor ? `&after=${cursor}` : ''}`, { headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
        const body = purchaseEventsResponse.parse(await page.json());
        events.push(...body.events);
        if (body.events.length < 500) break;
        cursor = body.next_cursor;
      }
      return events.filter((event) => event.user_id === user).map((event) => [event.kind, event.replaced_by_upgrade, event.email]);
    };
    // The feed gives events once every transaction older than them is over (other test files share the server).
    await expect.poll(feedOf, { timeout: 20_000, interval: 250 }).toEqual([
      ['paid', false, null],
      ['cancelled', false, null],
    ]);
  });

  it('gives a deleted account nothing from a PayPal approval made after the erasure: refused, and cancelled at PayPal', async () => {
    const reader = await identity.tokenFor('user');
    const user = subOf(reader);
    // PayPal's window opened before the account was deleted, approved after.
    const waiting = await paypal(reader, 'monthly', false);
    expect((await erase(user)).body.erased).toMatchObject({ renewals_stopped: 0, paypal_sandbox_records_cleared: 1 });
    expect((await call(waiting.approveAction, { form: true })).status).toBe(303);

    expect((await sandboxRow(waiting.paypalId)).status).toBe('CANCELLED');
    const rows = await purchasesOf(user);
    expect(rows.map((row) => [row.status, row.email])).toEqual([['failed', null]]);
    const events = await db().selectFrom('payment_events').select(['outcome', 'actor']).where('subscription_id', '=', rows[0]!.id).orderBy('received_at').execute();
    expect(events).toEqual([
      { outcome: 'refused: the account was deleted', actor: null },
      { outcome: 'applied: abandoned', actor: 'billing:erasure' },
    ]);
    // PayPal delivering its activation again changes nothing.
    expect((await call(waiting.approveAction, { form: true })).status).toBe(303);
    expect((await purchasesOf(user)).map((row) => row.status)).toEqual(['failed']);
    expect(await internalEntitlement(user)).toMatchObject({ decoder_tier: 'free' });
    expect(await erase(user)).toEqual({ status: 200, body: { success: true, erased: ZEROS } });
  });

  it('an erasure and payments for the same account at once: whichever comes first, nothing is left renewing or giving access', async () => {
    const reader = await identity.tokenFor('user');
    const user = subOf(reader);
    const checkouts = await Promise.all([checkout(reader, 'chat', 'Starter'), checkout(reader, 'chat', 'Pro'), checkout(reader, 'decoder', 'monthly')]);
    const [erasure] = await Promise.all([erase(user), ...checkouts.map((id) => call(`/api/billing/sandbox/checkout/${id}/pay`, { form: true }))]);
    expect(erasure.status).toBe(200);
    const rows = await purchasesOf(user);
    expect(rows.filter((row) => row.status === 'active' || row.status === 'pending')).toEqual([]);
    expect(await internalEntitlement(user)).toMatchObject({ decoder_tier: 'free', chat_tier: 'Free' });
    expect((await erase(user)).body.erased).toEqual(ZEROS);
  });
});
