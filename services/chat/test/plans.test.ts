import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startIdentityProcess, type IdentityProcess } from '@keisha/service-kit/testing';
import { PAYMENT_PATHS, paymentPath, type CreateCheckoutSessionResponse } from '@keisha/contracts/billing';
import { billingChatPlans, chatPlans } from '../src/plugins/plans.ts';
import { bearer, startChat, subjectOf } from './helpers.ts';

const [target] = await databaseTargets();

/** A port nobody listens on now (the platforms of other test runs use fixed ranges). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The chat plan from the real billing service, as a process, trusting the real identity's keys; a plan is
// bought through billing's sandbox checkout exactly as the browser does it (create, then Pay).
describe('chat plans from billing', () => {
  let identity: IdentityProcess;
  let billing: ChildProcess;
  let billingUrl = '';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-billing-for-chat-'));
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    identity = await startIdentityProcess();
    const port = await freePort();
    billingUrl = `http://127.0.0.1:${port}`;
    billing = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../billing/src/server.ts')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', IDENTITY_URL: identity.url, LOG_LEVEL: 'error', PAYMENTS_SANDBOX: 'on' },
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${billingUrl}/health/ready`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }, 90_000);
  afterAll(async () => {
    billing.kill('SIGTERM');
    await new Promise((resolve) => billing.once('exit', resolve));
    await identity.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Buys a chat plan through the sandbox checkout: what "Proceed to Coinbase" and the sandbox's Pay do. */
  async function buy(token: string, email: string, tier: 'Starter' | 'Pro' | 'Gold') {
    const created = await fetch(`${billingUrl}${PAYMENT_PATHS.createCheckoutSession}`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ email, tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' }),
    });
    expect(created.status).toBe(201);
    const checkout = (await created.json()) as CreateCheckoutSessionResponse;
    expect(checkout.provider).toBe('sandbox');
    const paid = await fetch(`${billingUrl}${paymentPath(PAYMENT_PATHS.sandboxPay, { id: checkout.session_id })}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/payment-success?session_id=${checkout.session_id}`);
  }

  it('asks billing with the account’s own token: Free until a plan is bought, then the plan bought', async () => {
    const email = `plans-${Date.now()}@example.org`;
    const token = await identity.tokenFor('user', email);
    const account = { userId: subjectOf(token), bearer: `Bearer ${token}` };
    const plans = billingChatPlans(billingUrl, log);
    expect(await plans(account)).toBe('Free');
    await buy(token, email, 'Pro');
    // Free is never cached: the plan bought a moment ago counts at once.
    expect(await plans(account)).toBe('Pro');
    expect(warnings).toEqual([]);
  });

  it('gives the chat service the plan billing holds: the daily limit goes with a purchase', async () => {
    const ctx = await startChat(target!, { IDENTITY_URL: identity.url, BILLING_URL: billingUrl });
    try {
      const email = `limit-${Date.now()}@example.org`;
      const token = await identity.tokenFor('user', email);
      const usage = async () => (await ctx.app.inject({ url: '/api/chat/usage', headers: bearer(token) })).json().usage;
      expect(await usage()).toMatchObject({ plan: 'Free', daily_limit: 10, unlimited: false });
      await buy(token, email, 'Gold');
      expect(await usage()).toMatchObject({ plan: 'Gold', daily_limit: null, unlimited: true, remaining: null });
      // The plan reaches the counting of messages too, not only the usage shown.
      const sent = await ctx.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(token), payload: { message: 'Hello Keisha' } });
      expect(sent.statusCode).toBe(200);
      expect(sent.json().usage).toMatchObject({ plan: 'Gold', unlimited: true });
    } finally {
      await ctx.app.close();
      await ctx.database.destroy();
    }
  }, 60_000);

  it('counts the account on Free, and says so, when billing refuses the token or cannot be reached', async () => {
    warnings.length = 0;
    expect(await billingChatPlans(billingUrl, log)({ userId: 'someone', bearer: 'Bearer forged' })).toBe('Free');
    expect(await billingChatPlans('http://127.0.0.1:9', log)({ userId: 'someone', bearer: 'Bearer x' })).toBe('Free');
    expect(warnings).toHaveLength(2);
  });

  it('uses DEFAULT_CHAT_TIER over billing when set, and Free when neither is configured', async () => {
    warnings.length = 0;
    const account = { userId: 'someone', bearer: 'Bearer forged' };
    expect(await chatPlans({ fixedTier: 'Starter', billingUrl }, log)(account)).toBe('Starter');
    expect(await chatPlans({}, log)(account)).toBe('Free');
    expect(warnings).toEqual([]);
  });
});
