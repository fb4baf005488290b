// Receipts over real HTTP on both databases: a real billing process (payment sandbox on) sells plans to readers of
// this identity, and identity's receipts job pulls billing's purchase events through a gate the test can close
// (billing down). Checked in the outbox: a receipt for each payment, a note for a cancellation and for a refund,
// to the account's current address, none for an account that no longer exists; two replicas and a replay from
// the start send nothing twice; a restarted job resumes at its stored cursor; billing down keeps the cursor and
// loses nothing once it is back.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PATHS, paymentPath } from '@keisha/contracts/billing';
import type { ServiceApp } from '@keisha/service-kit';
import { buySandboxChatPlan, buySandboxDecoderPlan, databaseTargets, refundSubscription, serviceDoor, startBillingProcess, type ServiceDoor, type ServiceProcess } from '@keisha/service-kit/testing';
import { ADMIN, bearer, identityAppOn, identityAppsForSuite, signIn, signUp, type Signed } from './helpers.ts';

const targets = await databaseTargets();
const INTERNAL = 'receipts-test-internal-token-0123456789abcdef';
const SIGNING_KEY_PEM = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PASSWORD = 'correct-horse-battery-staple-42';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(targets)('receipts mailed from billing on $kind', (target) => {
  const base = identityAppsForSuite(target);
  const env = { INTERNAL_API_TOKEN: INTERNAL, SIGNING_KEY_PEM };
  let front: ServiceApp;
  let billing: ServiceProcess;
  let gate: ServiceDoor;
  let mailDir: string;

  beforeAll(async () => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-receipts-mail-'));
    // The identity billing trusts: same database and signing key as the job's apps; its own timer off.
    front = await identityAppOn(base.database, { ...env, MAIL_DIR: mailDir });
    const identityUrl = await front.listen({ host: '127.0.0.1', port: 0 });
    billing = await startBillingProcess(identityUrl, { INTERNAL_API_TOKEN: INTERNAL, CASHAPP_CASHTAG: '$KeishaTest' });
    gate = await serviceDoor(billing.url);
  });
  afterAll(async () => {
    await gate?.close();
    await billing?.stop();
    await front?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  /** identity with the receipts job on, asking billing through the gate every 100 ms. */
  const job = (over: Record<string, string> = {}) =>
    base.start({ ...env, MAIL_DIR: mailDir, BILLING_URL: gate.url, RECEIPTS_ENABLED: 'true', RECEIPTS_POLL_MS: '100', RECEIPTS_LEASE_MS: '2000', ...over });

  /** A reader with a confirmed address, signed in again so the token says so. */
  const reader = async (email: string): Promise<Signed> => {
    const signed = await signUp(front, email, PASSWORD);
    await base.database.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', signed.user.id).execute();
    return signIn(front, email, PASSWORD);
  };
  const admin = async () => (await signIn(front, ADMIN.email, ADMIN.password, '/api/auth/admin/login')).token;
  const receipts = () =>
    base.database.db.selectFrom('mail_outbox').select(['dedupe_key', 'kind', 'recipient', 'subject', 'text_body', 'html_body']).where('dedupe_key', 'like', 'receipt:%').orderBy('created_at').orderBy('id').execute();
  const stored = async () => (await base.database.db.selectFrom('feed_cursors').select('cursor').where('feed', '=', 'billing').executeTakeFirst())?.cursor ?? null;
  /** billing's newest cursor, asked directly (not through the gate). */
  const head = async () => {
    let cursor: string | null = null;
    for (;;) {
      const page = (await (await fetch(`${billing.url}/internal/billing/purchase-events?limit=500${cursor ? `&after=${cursor}` : ''}`, { headers: { 'x-keisha-internal-token': INTERNAL } })).json()) as { events: unknown[]; next_cursor: string | null };
      if (page.events.length === 0) return cursor;
      cursor = page.next_cursor;
    }
  };
  const cancel = async (who: Signed, subscriptionId: string) => {
    const response = await fetch(`${billing.url}${PAYMENT_PATHS.cancelSubscription}`, {
      method: 'POST',
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: who.user.id, subscription_id: subscriptionId, expected_status: 'active' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const cashApp = async (who: Signed, adminToken: string) => {
    const created = await fetch(`${billing.url}${PAYMENT_PATHS.createSubscription}`, {
      method: 'POST',
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: who.user.id, tier: 'monthly', payment_method: 'cashapp', return_url: '/payment/success', cancel_url: '/payment/cancel' }),
    });
    expect(created.status).toBe(201);
    const { subscription_id: id } = (await created.json()) as { subscription_id: string };
    const approved = await fetch(`${billing.url}${paymentPath(PAYMENT_PATHS.adminApproveManualPayment, { id })}`, { method: 'POST', headers: { ...bearer(adminToken), 'content-type': 'application/json' }, body: '{}' });
    expect(approved.status).toBe(200);
    return id;
  };

  it('mails a receipt for each payment and a note for a cancellation and a refund, to the current address, none to an account gone', async () => {
    const adminToken = await admin();
    const ann = await reader('ann@example.org');
    const bea = await reader('bea@example.org');
    const gone = await reader('gone@example.org');
    const monthly = await buySandboxDecoderPlan(billing.url, ann.token, 'monthly');
    await cancel(ann, monthly);
    const gold = await buySandboxChatPlan(billing.url, bea.token, 'bea@example.org', 'Gold');
    const manual = await cashApp(bea, adminToken);
    await refundSubscription(billing.url, adminToken, manual);
    await buySandboxDecoderPlan(billing.url, gone.token, 'annual');
    // Ann changed her address since; the last account is gone.
    await base.database.db.updateTable('users').set({ email: 'ann.new@example.org' }).where('id', '=', ann.user.id).execute();
    await base.database.db.deleteFrom('users').where('id', '=', gone.user.id).execute();

    const newest = await head();
    await job();
    expect(await until(stored, (cursor) => cursor === newest)).toBe(newest);
    const mails = await receipts();
    expect(mails.map((m) => [m.kind, m.recipient, m.subject])).toEqual([
      ['receipt', 'ann.new@example.org', 'Your Keisha receipt'],
      ['plan-cancelled', 'ann.new@example.org', 'Your Keisha plan will not renew'],
      ['receipt', 'bea@example.org', 'Your Keisha receipt'],
      ['receipt', 'bea@example.org', 'Your Keisha receipt'],
      ['refund', 'bea@example.org', 'Your Keisha refund'],
    ]);
    const [paid, cancelled, lifetime, , refund] = mails;
    expect(paid!.text_body).toContain('Thank you: your payment for News Decoder Monthly is confirmed.');
    expect(paid!.text_body).toMatch(/Amount: \$7\.00\nPaid with: Bitcoin \(sandbox: no real money moved\)\nDate: \w{3} \d{1,2}, \d{4}\nReference: /);
    expect(paid!.text_body).toContain(`Reference: ${monthly}`);
    expect(paid!.text_body).toContain('What it gives: 10 news analyses a day, advanced detection, priority support and the daily newsletter.');
    expect(paid!.text_body).toMatch(/You have it until \w{3} \d{1,2}, \d{4}\./);
    expect(paid!.text_body).toContain('See or cancel your plan on your account page: http://localhost:3000/account');
    expect(paid!.text_body).toContain('Write to support@keisha.ai.');
    expect(paid!.html_body).toContain('href="http://localhost:3000/account"');
    expect(cancelled!.text_body).toMatch(/^News Decoder Monthly will not renew\. It was cancelled on \w{3} \d{1,2}, \d{4}\.\n\nYou keep everything it gives until \w{3} \d{1,2}, \d{4}\./);
    expect(lifetime!.text_body).toContain('Plan: Chat Gold\nAmount: $99.00');
    expect(lifetime!.text_body).toContain('It is yours for life and never renews.');
    expect(mails[3]!.text_body).toContain('Paid with: Cash App');
    expect(refund!.text_body).toContain('We refunded your payment for News Decoder Monthly: $14.99, paid with Cash App.');
    expect(refund!.text_body).toContain(`Reference: ${manual}`);
    expect(mails.some((m) => m.text_body.includes(gold))).toBe(true);
    // Queued in the outbox, the poller delivers them like any other message.
    await until(
      async () => base.database.db.selectFrom('mail_outbox').select('status').where('dedupe_key', 'like', 'receipt:%').where('status', '!=', 'sent').execute(),
      (rows) => rows.length === 0,
    );
  });

  it('two replicas and a replay from the start send each message once; a restarted job resumes at its cursor', async () => {
    const readers = await Promise.all(['c1@example.org', 'c2@example.org', 'c3@example.org'].map(reader));
    const first = await job();
    const second = await job();
    await Promise.all(readers.map((who) => buySandboxDecoderPlan(billing.url, who.token, 'monthly')));
    const newest = await head();
    await until(stored, (cursor) => cursor === newest);
    expect((await receipts()).map((m) => m.recipient).sort()).toEqual(['c1@example.org', 'c2@example.org', 'c3@example.org']);

    // A replay: the cursor set back to the start (a restored backup); both replicas read everything again.
    await base.database.db.updateTable('feed_cursors').set({ cursor: null }).where('feed', '=', 'billing').execute();
    await until(stored, (cursor) => cursor === newest);
    const mails = await receipts();
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.dedupe_key)).size).toBe(3);

    // Every job stopped, a payment meanwhile, then one job again: it asks from where the others left off.
    await base.stop(first);
    await base.stop(second);
    const starter = await buySandboxChatPlan(billing.url, readers[0]!.token, 'c1@example.org', 'Starter');
    gate.state.asked.length = 0;
    await job();
    const all = await until(receipts, (rows) => rows.length === 4);
    expect(all).toHaveLength(4);
    expect(all[3]).toMatchObject({ recipient: 'c1@example.org', kind: 'receipt' });
    expect(all[3]!.text_body).toContain(`Plan: Chat Starter`);
    expect(all[3]!.text_body).toContain(`Reference: ${starter}`);
    expect(gate.state.asked[0]).toContain(`after=${newest}`);
  });

  it('billing down: the cursor stays and nothing is lost; once billing is back the receipt goes out', async () => {
    const dee = await reader('dee@example.org');
    const ctx = await job();
    const caughtUp = await head();
    expect(await until(stored, (cursor) => cursor === caughtUp)).toBe(caughtUp);

    gate.state.open = false;
    await buySandboxDecoderPlan(billing.url, dee.token, 'annual');
    const asked = gate.state.asked.length;
    await until(async () => gate.state.asked.length, (count) => count >= asked + 3);
    expect(await stored()).toBe(caughtUp);
    expect((await receipts()).filter((m) => m.recipient === 'dee@example.org')).toEqual([]);
    // identity itself carries on.
    expect((await ctx.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);

    gate.state.open = true;
    const back = await until(async () => (await receipts()).filter((m) => m.recipient === 'dee@example.org'), (rows) => rows.length === 1);
    expect(back.map((m) => m.subject)).toEqual(['Your Keisha receipt']);
    expect(back[0]!.text_body).toContain('Plan: News Decoder Annual');
    expect(await until(stored, (cursor) => cursor !== caughtUp)).not.toBe(caughtUp);
    expect(await stored()).toBe(await head());
  });
});
