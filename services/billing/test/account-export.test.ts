// A reader's copy of what billing holds (GET /internal/billing/accounts/:user_id/export, called by identity for
// "Download your data"), over real HTTP on PGlite and PostgreSQL with the sandboxes and our fake PayPal: the
// account's purchases, their payment events, its PayPal sandbox subscription, its demo request and its current plan,
// oldest first; nothing of another reader; empty lists for an account billing never saw; 401 without the internal
// token, 400 for an id that is not an account id; no secret (install secrets, the internal token, webhook and
// idempotency keys, PayPal's credentials, an administrator's id); and after the erasure, the records as they are kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { internalAccountErasurePath, internalAccountExportPath } from '@keisha/contracts/billing';
import { accountExportPart } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { startFakePaypal } from './fake-paypal.ts';
import { browse, decoderBody, emailOf, formAction, servedBillingForSuite, subOf, type BillingServer } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const paypal = await startFakePaypal();
afterAll(() => paypal.close());
const INTERNAL = 'account-export-test-internal-token-0123456789';
const KINDS = ['account', 'current_plan', 'purchases', 'payment_events', 'paypal_sandbox_subscriptions', 'demo_requests'];
const EMPTY = Object.fromEntries(KINDS.map((kind) => [kind, []]));
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, any>;
type Data = Record<string, Row[]>;

/** The export of `userId` as identity asks for it: status, headers, the raw text and the parsed part. */
async function exportOf(ctx: BillingServer, userId: string, token: string | null = INTERNAL, headers: Record<string, string> = {}) {
  const response = await fetch(`${ctx.base}${internalAccountExportPath(userId)}`, { headers: { ...(token ? { [INTERNAL_TOKEN_HEADER]: token } : {}), ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as any };
}

/** The data of a 200 answer, checked against the contract. */
async function dataOf(ctx: BillingServer, userId: string): Promise<Data> {
  const answer = await exportOf(ctx, userId);
  expect(answer.status, answer.text).toBe(200);
  return accountExportPart.parse(answer.body).data as Data;
}

/** Every value named like a date is an ISO string or null; no value is a Date's default text or a bigint's. */
function expectPlainDates(data: Data) {
  for (const [kind, rows] of Object.entries(data)) {
    for (const row of rows) {
      for (const [field, value] of Object.entries(row)) {
        if (/_at$|_end$|_time$|^as_of$/.test(field) && value !== null) expect(value, `${kind}.${field}`).toMatch(ISO);
      }
    }
  }
}

const ascending = (values: string[]) => [...values].sort();

describe.each(targets)('exporting an account on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL, CASHAPP_CASHTAG: '$KeishaTest' });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);
  const db = () => ctx.database.db;

  const erase = async (userId: string) => {
    const response = await fetch(`${ctx.base}${internalAccountErasurePath(userId)}`, { method: 'DELETE', headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(response.status).toBe(200);
  };
  /** A PayPal sandbox subscription created (PayPal's button), approved and verified by the thank-you page. */
  async function paypalSandbox(token: string, tier: 'monthly' | 'annual') {
    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier } });
    expect(created.status, created.text).toBe(201);
    const { subscription_id: paypalId, approve_url: approveUrl } = created.json();
    expect((await call(formAction((await call(approveUrl)).text, /Approve/), { form: true })).status).toBe(303);
    expect((await call('/api/billing/paypal/verify', { token, json: { subscription_id: paypalId } })).json()).toMatchObject({ verified: true });
    return paypalId as string;
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
  const closeWithWords = async (token: string, id: string, reason: string) => {
    const closed = await call('/api/bias-payment/cancel-subscription', { token, json: { user_id: subOf(token), subscription_id: id, reason, expected_status: 'pending' } });
    expect(closed.status, closed.text).toBe(200);
  };
  const demoRequest = async (email: string) => expect((await call('/api/enterprise-demo-request', { json: { email } })).status).toBe(201);

  it('refuses a caller without the internal token or with a wrong one, and a reader’s own bearer (401); an id that is not an account id (400)', async () => {
    const reader = await identity.tokenFor('user');
    await paypalSandbox(reader, 'monthly');
    for (const token of [null, 'not-the-token', `${INTERNAL}x`]) {
      const refused = await exportOf(ctx, subOf(reader), token);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      expect(refused.text).not.toContain(emailOf(reader));
    }
    const byReader = await exportOf(ctx, subOf(reader), null, { authorization: `Bearer ${reader}` });
    expect(byReader.status).toBe(401);
    expect(byReader.text).not.toContain(emailOf(reader));
    for (const id of ['not-a-uuid', '1', `${subOf(reader)}x`, "' or 1=1 --", '%00']) {
      const refused = await exportOf(ctx, id);
      expect(refused.status, id).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    }
  });

  it('gives the account’s purchases, payment events, PayPal sandbox subscription, demo request and plan, oldest first, and nothing of another reader', async () => {
    const reader = await identity.tokenFor('user');
    const other = await identity.tokenFor('user');
    const user = subOf(reader);

    const monthly = await paypalSandbox(reader, 'monthly');
    const starter = await checkout(reader, 'chat', 'Starter');
    await pay(starter);
    const cashApp = await checkout(reader, 'decoder', 'annual', 'cashapp');
    const left = await checkout(reader, 'chat', 'Pro');
    await closeWithWords(reader, left, 'Too dear for me this month');
    await demoRequest(emailOf(reader));
    const theirs = await paypalSandbox(other, 'annual');
    const theirCheckout = await checkout(other, 'chat', 'Gold');
    await demoRequest(emailOf(other));

    const answer = await exportOf(ctx, user);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = accountExportPart.parse(answer.body).data as Data;
    expect(Object.keys(data)).toEqual(KINDS);
    expectPlainDates(data);

    expect(data.account).toEqual([{ account_id: user, created_at: expect.stringMatching(ISO), erased_at: null }]);
    expect(data.current_plan).toEqual([{ decoder_tier: 'monthly', chat_tier: 'Starter', expires_at: expect.stringMatching(ISO), lifetime: false, as_of: expect.stringMatching(ISO) }]);

    // The purchases, oldest first, with what a receipt shows: plan, amount, provider and its reference, dates, state.
    expect(data.purchases!.map((row) => [row.id, row.provider, row.plan_name, row.status])).toEqual([
      [expect.any(String), 'paypal', 'News Decoder Monthly', 'active'],
      [starter, 'sandbox', 'Chat Starter', 'active'],
      [cashApp, 'cashapp', 'News Decoder Annual', 'pending'],
      [left, 'sandbox', 'Chat Pro', 'failed'],
    ]);
    const createdAt = data.purchases!.map((row) => row.created_at as string);
    expect(createdAt).toEqual(ascending(createdAt));
    expect(data.purchases![0]).toMatchObject({
      product: 'decoder',
      tier: 'monthly',
      provider_ref: monthly,
      payment_method: 'paypal',
      amount_cents: expect.any(Number),
      currency: 'USD',
      email: emailOf(reader),
      lifetime: false,
      current_period_end: expect.stringMatching(ISO),
      activated_at: expect.stringMatching(ISO),
      cancelled_at: null,
    });
    expect(data.purchases![1]).toMatchObject({ amount_cents: expect.any(Number), checkout_url: expect.stringContaining(`/sandbox/checkout/${starter}`), return_url: expect.stringContaining('/payment-success') });
    expect(data.purchases![1]!.amount_cents).toBeGreaterThan(0);
    expect(data.purchases![3]).toMatchObject({ failure_reason: 'cancelled: Too dear for me this month', cancelled_at: null });

    // Every event of these purchases and only theirs, oldest first; who acted, as the reader reads it.
    const ids = new Set(data.purchases!.map((row) => row.id));
    expect(data.payment_events!.length).toBeGreaterThanOrEqual(3);
    expect(data.payment_events!.every((event) => ids.has(event.purchase_id))).toBe(true);
    const receivedAt = data.payment_events!.map((event) => event.received_at as string);
    expect(receivedAt).toEqual(ascending(receivedAt));
    const activations = data.payment_events!.filter((event) => event.outcome === 'applied: activated');
    expect(activations.map((event) => event.purchase_id).sort()).toEqual([data.purchases![0]!.id, starter].sort());
    expect(data.payment_events!.filter((event) => event.purchase_id === left).map((event) => event.by)).toContain('you');
    const stored = await db()
      .selectFrom('payment_events')
      .select('id')
      .where('subscription_id', 'in', [...ids])
      .execute();
    expect(data.payment_events!.map((event) => event.id).sort()).toEqual(stored.map((event) => event.id).sort());

    expect(data.paypal_sandbox_subscriptions).toEqual([
      { id: monthly, plan_id: expect.any(String), status: 'ACTIVE', subscriber_email: emailOf(reader), next_billing_time: expect.stringMatching(ISO), created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) },
    ]);
    expect(data.demo_requests).toEqual([{ id: expect.any(String), email: emailOf(reader).toLowerCase(), created_at: expect.stringMatching(ISO) }]);

    // Nothing of the other reader's, though theirs sit in the same tables.
    for (const trace of [subOf(other), emailOf(other), emailOf(other).toLowerCase(), theirs, theirCheckout]) expect(answer.text).not.toContain(trace);
    // And theirs is theirs alone; an upper-case id is the same account.
    const otherData = await dataOf(ctx, subOf(other).toUpperCase());
    expect(otherData.purchases!.map((row) => [row.provider_ref ?? row.id, row.status])).toEqual([
      [theirs, 'active'],
      [theirCheckout, 'pending'],
    ]);
    expect(JSON.stringify(otherData)).not.toContain(user);
  });

  it('answers empty lists for every kind for an account billing never saw', async () => {
    expect(await dataOf(ctx, randomUUID())).toEqual(EMPTY);
    expect(await dataOf(ctx, '00000000-0000-0000-0000-000000000000')).toEqual(EMPTY);
  });

  it('never gives a secret: no install secret, internal token, event key, administrator’s id or internal position', async () => {
    const reader = await identity.tokenFor('user');
    const admin = await identity.tokenFor('admin');
    const user = subOf(reader);
    // A sandbox payment (signed with the install's webhook secret), a Cash App payment an administrator approved.
    await pay(await checkout(reader, 'chat', 'Pro'));
    const cashApp = await checkout(reader, 'decoder', 'monthly', 'cashapp');
    const approved = await call(`/api/billing/admin/manual-payments/${cashApp}/approve`, { token: admin, method: 'POST' });
    expect(approved.status, approved.text).toBe(200);

    const answer = await exportOf(ctx, user);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Data;
    expect(data.purchases!.map((row) => row.status)).toEqual(['active', 'active']);
    expect(data.payment_events!.map((event) => event.by)).toContain('an administrator');

    const secrets = await db().selectFrom('billing_secrets').select('value').execute();
    expect(secrets.length).toBeGreaterThan(0);
    for (const { value } of secrets) expect(answer.text).not.toContain(value);
    expect(answer.text).not.toContain(INTERNAL);
    expect(answer.text).not.toContain(subOf(admin));
    const events = await db()
      .selectFrom('payment_events')
      .select('event_id')
      .where('subscription_id', 'in', data.purchases!.map((row) => row.id))
      .execute();
    expect(events.length).toBe(data.payment_events!.length);
    for (const { event_id: eventId } of events) expect(answer.text).not.toContain(eventId);
    for (const rows of Object.values(data)) {
      for (const row of rows) for (const field of ['event_id', 'actor', 'feed_seq', 'feed_tx', 'returned_by', 'value']) expect(row).not.toHaveProperty(field);
    }
  });

  it('after the erasure, shows the records as they are kept: without the address, return addresses or the reader’s words', async () => {
    const reader = await identity.tokenFor('user');
    const user = subOf(reader);
    const monthly = await paypalSandbox(reader, 'monthly');
    await closeWithWords(reader, await checkout(reader, 'chat', 'Starter'), 'Jane Doe changed her mind');
    await demoRequest(emailOf(reader));
    const before = await dataOf(ctx, user);
    expect(before.demo_requests).toHaveLength(1);
    expect(JSON.stringify(before)).toContain('Jane Doe');

    await erase(user);
    const answer = await exportOf(ctx, user);
    expect(answer.status).toBe(200);
    const data = accountExportPart.parse(answer.body).data as Data;
    expectPlainDates(data);
    expect(data.account).toEqual([{ account_id: user, created_at: expect.stringMatching(ISO), erased_at: expect.stringMatching(ISO) }]);
    expect(data.current_plan).toEqual([{ decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false, as_of: expect.stringMatching(ISO) }]);
    expect(data.purchases!.map((row) => [row.provider_ref, row.status, row.email, row.return_url, row.cancel_url])).toEqual([
      [monthly, 'cancelled', null, null, null],
      [null, 'failed', null, null, null],
    ]);
    expect(data.purchases![0]!.amount_cents).toBeGreaterThan(0);
    expect(data.purchases![1]!.failure_reason).toBe('cancelled: (erased with the account)');
    expect(data.paypal_sandbox_subscriptions).toEqual([expect.objectContaining({ id: monthly, status: 'CANCELLED', subscriber_email: null })]);
    expect(data.demo_requests).toEqual([]);
    // The erasure's own stop is on record, made by billing; the earlier events are all still there.
    expect(data.payment_events!.filter((event) => event.by === 'billing').map((event) => event.outcome)).toEqual(['applied: cancelled']);
    expect(data.payment_events!.length).toBeGreaterThan(before.payment_events!.length);
    expect(answer.text).not.toContain('Jane');
    expect(answer.text.toLowerCase()).not.toContain(emailOf(reader).toLowerCase());
  });
});

describe.each(targets)('exporting an account with PayPal on $kind', (target) => {
  const ctx = servedBillingForSuite(target, {
    IDENTITY_URL: identity.url,
    INTERNAL_API_TOKEN: INTERNAL,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
    PAYPAL_PLAN_MONTHLY: paypal.plans.monthly,
    PAYPAL_PLAN_ANNUAL: paypal.plans.annual,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  });
  beforeEach(() => {
    paypal.mode = 'normal';
  });

  it('gives PayPal’s subscription id and sale id, the references a reader quotes to support, and none of PayPal’s keys', async () => {
    const reader = await identity.tokenFor('user');
    const sub = paypal.addSubscription({ custom_id: subOf(reader), plan_id: paypal.plans.annual, subscriber: { email_address: emailOf(reader) } });
    expect((await browse(ctx, '/api/billing/paypal/verify', { token: reader, json: { subscription_id: sub.id } })).json()).toMatchObject({ verified: true });
    const sale = { id: `SALE-EXPORT-${randomUUID()}`, state: 'completed', billing_agreement_id: sub.id, amount: { total: '99.99', currency: 'USD' } };
    const delivery = paypal.delivery({ event_type: 'PAYMENT.SALE.COMPLETED', resource: sale });
    const webhook = await ctx.app.inject({ method: 'POST', url: '/api/billing/webhooks/paypal', headers: { 'content-type': 'application/json', ...delivery.headers }, payload: delivery.raw });
    expect(webhook.statusCode).toBe(200);

    const answer = await exportOf(ctx, subOf(reader));
    expect(answer.status).toBe(200);
    const data = accountExportPart.parse(answer.body).data as Data;
    expect(data.purchases).toEqual([expect.objectContaining({ provider: 'paypal', provider_ref: sub.id, plan_name: 'News Decoder Annual', amount_cents: 9999, status: 'active' })]);
    expect(data.payment_events!.find((event) => event.event_type === 'PAYMENT.SALE.COMPLETED')).toMatchObject({ source: 'paypal', reference: sale.id, by: 'the provider' });
    expect(data.paypal_sandbox_subscriptions).toEqual([]);
    for (const secret of [paypal.clientSecret, paypal.webhookId, delivery.eventId, INTERNAL]) expect(answer.text).not.toContain(secret);
  });
});
