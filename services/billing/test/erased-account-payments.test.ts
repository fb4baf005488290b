// Payments for deleted accounts (GET /api/billing/admin/erased-account-payments, POST …/:id/returned), over real
// HTTP on PGlite and PostgreSQL with the sandboxes: money that arrives after an erasure (a Bitcoin checkout paid
// late, a PayPal approval in a window left open) is listed for an administrator with its amount and the provider's
// references, once per purchase however often the provider says so; marking it returned keeps the first mark;
// readers and guests are refused; an ordinary paid purchase never appears.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { internalAccountErasurePath, paymentPath, PAYMENT_PATHS } from '@keisha/contracts/billing';
import { adminErasedAccountPaymentResponse, adminErasedAccountPaymentsResponse } from '@keisha/contracts/billing/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { installSecret } from '../src/db/repositories/secrets.ts';
import { signSandboxPayload } from '../src/domain/signatures.ts';
import { SANDBOX_SECRET_NAME, SANDBOX_SIGNATURE_HEADER } from '../src/providers/sandbox.ts';
import { browse, decoderBody, formAction, servedBillingForSuite, subOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const INTERNAL = 'erased-account-payments-test-internal-token-0123';
const LIST = PAYMENT_PATHS.adminErasedAccountPayments;
const returnedPath = (id: string) => paymentPath(PAYMENT_PATHS.adminMarkErasedAccountPaymentReturned, { id });

describe.each(targets)('payments for deleted accounts on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL, CASHAPP_CASHTAG: '$KeishaTest' });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);
  const db = () => ctx.database.db;

  const erase = async (userId: string) => {
    const response = await fetch(`${ctx.base}${internalAccountErasurePath(userId)}`, { method: 'DELETE', headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(response.status).toBe(200);
  };
  /** A Bitcoin checkout (the sandbox standing in for Coinbase), not paid yet. */
  async function checkout(token: string, tier: 'monthly' | 'annual' = 'monthly') {
    const created = await call('/api/bias-payment/create-subscription', { token, json: decoderBody(subOf(token), { tier }) });
    expect(created.status, created.text).toBe(201);
    return created.json().subscription_id as string;
  }
  /** The provider's word that a checkout was paid, delivered as its webhook (a late Bitcoin payment). */
  async function paidLate(id: string, cents: number, eventId = `evt_${randomUUID()}`) {
    const raw = JSON.stringify({ id: eventId, type: 'payment.confirmed', created_at: new Date().toISOString(), data: { checkout_id: id, amount_cents: cents, currency: 'USD' } });
    const secret = await installSecret(db(), SANDBOX_SECRET_NAME);
    const response = await fetch(`${ctx.base}/api/billing/webhooks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(raw, secret, Date.now() / 1000) },
      body: raw,
    });
    expect(response.status).toBe(200);
  }
  /** PayPal's window opened (sandbox) before the account was deleted; approved after it. */
  async function paypalApprovedAfterErasure(token: string) {
    const created = await call('/api/billing/paypal/sandbox/subscriptions', { token, json: { tier: 'monthly' } });
    expect(created.status, created.text).toBe(201);
    const { subscription_id: paypalId, approve_url: approveUrl } = created.json();
    const approveAction = formAction((await call(approveUrl)).text, /Approve/);
    await erase(subOf(token));
    expect((await call(approveAction, { form: true })).status).toBe(303);
    const purchase = await db().selectFrom('subscriptions').select('id').where('provider_ref', '=', paypalId).executeTakeFirstOrThrow();
    return { paypalId: paypalId as string, purchaseId: purchase.id };
  }
  async function list(token: string, query = 'page_size=200') {
    const response = await call(`${LIST}?${query}`, { token });
    expect(response.status, response.text).toBe(200);
    return adminErasedAccountPaymentsResponse.parse(response.json());
  }

  it('lists money that arrived after the erasure, newest first, once per purchase, with its amount and the provider’s references', async () => {
    const admin = await identity.tokenFor('admin');
    const reader = await identity.tokenFor('user');
    const buyer = await identity.tokenFor('user');
    const user = subOf(reader);

    const bitcoin = await checkout(reader, 'annual');
    await erase(user);
    const purchase = await db().selectFrom('subscriptions').selectAll().where('id', '=', bitcoin).executeTakeFirstOrThrow();
    expect(purchase.status).toBe('failed');
    // Coinbase says so twice (a webhook and its retry under another id): one payment to send back.
    await paidLate(bitcoin, purchase.amount_cents!);
    await paidLate(bitcoin, purchase.amount_cents!);
    const refusals = await db().selectFrom('payment_events').select('outcome').where('subscription_id', '=', bitcoin).where('provider', '=', 'sandbox').execute();
    expect(refusals).toEqual([{ outcome: 'refused: the account was deleted' }, { outcome: 'refused: the account was deleted' }]);
    const paypal = await paypalApprovedAfterErasure(buyer);

    // An ordinary purchase, paid before any erasure, stays out.
    const other = await identity.tokenFor('user');
    const paid = await checkout(other);
    expect((await call(`/api/billing/sandbox/checkout/${paid}/pay`, { form: true })).status).toBe(303);

    const body = await list(admin);
    const mine = body.payments.filter((row) => [bitcoin, paypal.purchaseId].includes(row.id));
    expect(mine.map((row) => row.id)).toEqual([paypal.purchaseId, bitcoin]);
    expect(body.payments.some((row) => row.id === paid)).toBe(false);
    expect(body.total).toBe(body.payments.length);
    expect(mine[1]).toEqual({
      id: bitcoin,
      subscription_id: bitcoin,
      user_id: user,
      product: 'decoder',
      tier: 'annual',
      amount: purchase.amount_cents! / 100,
      currency: 'USD',
      provider: 'sandbox',
      payment_method: 'bitcoin',
      provider_ref: purchase.provider_ref,
      payment_refs: [],
      arrived_at: expect.any(String),
      returned_at: null,
      returned_by: null,
    });
    expect(mine[0]).toMatchObject({ user_id: subOf(buyer), provider: 'paypal', payment_method: 'paypal', tier: 'monthly', amount: expect.any(Number), provider_ref: paypal.paypalId, returned_at: null });
    expect(Date.parse(mine[0]!.arrived_at)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.arrived_at));

    // Paging as the other admin lists page: one at a time, the same total.
    const first = await list(admin, 'page=1&page_size=1');
    expect(first).toMatchObject({ page: 1, page_size: 1, total: body.total });
    expect(first.payments).toHaveLength(1);
    const beyond = await list(admin, `page=${body.total + 1}&page_size=1`);
    expect(beyond.payments).toEqual([]);
    expect((await call(`${LIST}?page_size=0`, { token: admin })).status).toBe(400);
    expect((await call(`${LIST}?page=x`, { token: admin })).status).toBe(400);
  });

  it('marks one returned once: the first time and administrator stand, a second call answers the same row', async () => {
    const admin = await identity.tokenFor('admin');
    const another = await identity.tokenFor('admin');
    const reader = await identity.tokenFor('user');
    const id = await checkout(reader);
    await erase(subOf(reader));
    await paidLate(id, (await db().selectFrom('subscriptions').select('amount_cents').where('id', '=', id).executeTakeFirstOrThrow()).amount_cents!);

    const marked = await call(returnedPath(id), { token: admin, method: 'POST' });
    expect(marked.status, marked.text).toBe(200);
    const row = adminErasedAccountPaymentResponse.parse(marked.json()).payment;
    expect(row).toMatchObject({ id, returned_by: subOf(admin), returned_at: expect.any(String) });

    const again = await call(returnedPath(id.toUpperCase()), { token: another, method: 'POST' });
    expect(again.status, again.text).toBe(200);
    expect(again.json().payment).toEqual(row);
    expect((await list(admin)).payments.find((listed) => listed.id === id)).toEqual(row);
  });

  it('answers 404 for a purchase with no payment refused for a deleted account, 400 for an id that is not one', async () => {
    const admin = await identity.tokenFor('admin');
    const reader = await identity.tokenFor('user');
    const paid = await checkout(reader);
    expect((await call(`/api/billing/sandbox/checkout/${paid}/pay`, { form: true })).status).toBe(303);
    for (const id of [randomUUID(), paid]) {
      const missing = await call(returnedPath(id), { token: admin, method: 'POST' });
      expect(missing.status, id).toBe(404);
      expect(missing.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    for (const id of ['not-a-uuid', '1', "' or 1=1 --"]) {
      const refused = await call(returnedPath(id), { token: admin, method: 'POST' });
      expect(refused.status, id).toBe(400);
      expect(refused.json().success).toBe(false);
    }
    expect(await db().selectFrom('erased_account_payment_returns').select('subscription_id').where('subscription_id', '=', paid).execute()).toEqual([]);
  });

  it('refuses readers (403) and guests (401) on both routes, marking nothing', async () => {
    const reader = await identity.tokenFor('user');
    const victim = await identity.tokenFor('user');
    const id = await checkout(victim);
    await erase(subOf(victim));
    await paidLate(id, (await db().selectFrom('subscriptions').select('amount_cents').where('id', '=', id).executeTakeFirstOrThrow()).amount_cents!);

    for (const [token, status] of [
      [reader, 403],
      [undefined, 401],
    ] as const) {
      const listed = await call(LIST, { token });
      expect(listed.status).toBe(status);
      expect(listed.json()).toMatchObject({ success: false });
      const marked = await call(returnedPath(id), { token, method: 'POST' });
      expect(marked.status).toBe(status);
      expect(marked.json()).toMatchObject({ success: false });
    }
    const admin = await identity.tokenFor('admin');
    expect((await list(admin)).payments.find((row) => row.id === id)).toMatchObject({ returned_at: null, returned_by: null });
  });
});
