// The pages billing serves to whoever holds a checkout's link (the sandbox checkout, standing in for
// Coinbase's hosted page, and the Cash App instructions): they show what is being bought, never who is
// buying it; and the sandbox's Cancel closes a checkout that is still pending, nothing else, even when it
// arrives at the same moment as the Pay that completes it.
import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { installSecret } from '../src/db/repositories/secrets.ts';
import { signSandboxPayload } from '../src/domain/signatures.ts';
import { SANDBOX_SECRET_NAME, SANDBOX_SIGNATURE_HEADER } from '../src/providers/sandbox.ts';
import { decoderBody, emailOf, entitlementOf, post, subOf, subscriptionRow, billingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('checkout pages on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url, CASHAPP_CASHTAG: '$KeishaTest' });

  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  /** A stranger's browser: no token, no cookie, only the link. */
  const stranger = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, ...(method === 'POST' ? { headers: form, payload: '' } : {}) });
  const checkout = async (token: string, over: Record<string, unknown> = {}) => {
    const created = await post(ctx, '/api/bias-payment/create-subscription', decoderBody(subOf(token), over), token);
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { subscription_id: string; payment_url: string; instructions: { note: string } | null };
  };

  it('shows the sandbox checkout to whoever has its link without the buyer’s e-mail, open or closed', async () => {
    const token = await identity.tokenFor('user');
    const { subscription_id: id, payment_url: link } = await checkout(token);
    const open = await stranger('GET', link);
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Keisha Decoder Monthly');
    expect(open.body).toContain('$7.00');
    expect(open.body).not.toContain(emailOf(token));
    expect(open.body).not.toContain(subOf(token));
    expect(open.body).not.toMatch(/Account/);

    expect((await stranger('POST', `/api/billing/sandbox/checkout/${id}/pay`)).statusCode).toBe(303);
    const closed = await stranger('GET', link);
    expect(closed.body).toContain('This checkout is closed');
    expect(closed.body).not.toContain(emailOf(token));
  });

  it('shows the Cash App instructions to whoever has their link without the buyer’s e-mail; the buyer’s own answer keeps it', async () => {
    const token = await identity.tokenFor('user');
    const created = await checkout(token, { payment_method: 'cashapp' });
    // The signed-in buyer is told what to write in the note.
    expect(created.instructions?.note).toBe(emailOf(token));
    const page = await stranger('GET', created.payment_url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$KeishaTest');
    expect(page.body).toContain('your account email');
    expect(page.body).not.toContain(emailOf(token));
    expect(page.body).not.toContain(subOf(token));
  });

  it('leaves a paid plan alone when the sandbox page’s Cancel arrives after the Pay, from anyone', async () => {
    const token = await identity.tokenFor('user');
    const { subscription_id: id } = await checkout(token);
    expect((await stranger('POST', `/api/billing/sandbox/checkout/${id}/pay`)).statusCode).toBe(303);
    const cancel = await stranger('POST', `/api/billing/sandbox/checkout/${id}/cancel`);
    expect(cancel.statusCode).toBe(303);
    expect(await subscriptionRow(ctx, id)).toMatchObject({ status: 'active', cancelled_at: null });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
  });

  it('applies the sandbox’s “checkout cancelled” only to a pending checkout, even when it is delivered after the payment', async () => {
    // What a Cancel that read "pending" just before a Pay landed delivers: the event, after the payment.
    const token = await identity.tokenFor('user');
    const { subscription_id: id } = await checkout(token);
    expect((await stranger('POST', `/api/billing/sandbox/checkout/${id}/pay`)).statusCode).toBe(303);
    const raw = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      type: 'checkout.cancelled',
      created_at: new Date().toISOString(),
      data: { checkout_id: id, amount_cents: 700, currency: 'USD' },
    });
    const secret = await installSecret(ctx.database.db, SANDBOX_SECRET_NAME);
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(raw, secret, Date.now() / 1000) },
      payload: raw,
    });
    expect(delivered.statusCode).toBe(200);
    expect(await subscriptionRow(ctx, id)).toMatchObject({ status: 'active', cancelled_at: null });
    expect((await entitlementOf(ctx, token)).decoder_tier).toBe('monthly');
  });

  it('never turns a paid checkout into a cancelled subscription when Pay and Cancel arrive together', async () => {
    const token = await identity.tokenFor('user');
    const ids = await Promise.all(Array.from({ length: 12 }, async () => (await checkout(token)).subscription_id));
    await Promise.all(ids.flatMap((id) => [stranger('POST', `/api/billing/sandbox/checkout/${id}/pay`), stranger('POST', `/api/billing/sandbox/checkout/${id}/cancel`)]));
    const rows = await Promise.all(ids.map((id) => subscriptionRow(ctx, id)));
    // Each checkout was either paid (and stays paid) or closed unpaid: none is paid and then cancelled.
    expect(rows.map((row) => row.status).filter((status) => status !== 'active' && status !== 'failed')).toEqual([]);
    expect(rows.filter((row) => row.cancelled_at !== null)).toEqual([]);
  });
});
