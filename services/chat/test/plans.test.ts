import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buySandboxChatPlan, databaseTargets, expectRefundEndsPlan, startBillingProcess, type ServiceProcess, identityForFile } from '@keisha/service-kit/testing';
import { billingChatPlans, chatPlans } from '../src/plugins/plans.ts';
import { bearer, startChat, subjectOf } from './helpers.ts';

const [target] = await databaseTargets();
const identity = await identityForFile();
// One internal token for billing's process and the chat built here, as every deployment shares one.
const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');

// The chat plan from the real billing service, as a process, trusting the real identity's keys; a plan is
// bought through billing's sandbox checkout exactly as the browser does it (create, then Pay).
describe('chat plans from billing', () => {
  let billing: ServiceProcess;
  let billingUrl = '';
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    billing = await startBillingProcess(identity.url, { INTERNAL_API_TOKEN });
    billingUrl = billing.url;
  }, 90_000);
  afterAll(async () => {
    await billing?.stop();
  });

  const buy = (token: string, email: string, tier: 'Starter' | 'Pro' | 'Gold') => buySandboxChatPlan(billingUrl, token, email, tier);

  it('asks billing with the account’s own token without an internal token: Free until a plan is bought, then the plan bought', async () => {
    const email = `plans-${Date.now()}@example.org`;
    const token = await identity.tokenFor('user', email);
    const account = { userId: subjectOf(token), bearer: `Bearer ${token}` };
    const plans = billingChatPlans(billingUrl, log);
    expect(await plans(account)).toBe('Free');
    await buy(token, email, 'Pro');
    // A free answer is not reused: the plan bought counts on the next request.
    expect(await plans(account)).toBe('Pro');
    expect(await plans(account)).toBe('Pro');
    expect(warnings).toEqual([]);
  });

  it('gives the chat service the plan billing holds: the daily limit goes with a purchase', async () => {
    const ctx = await startChat(target!, { IDENTITY_URL: identity.url, BILLING_URL: billingUrl, INTERNAL_API_TOKEN });
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

  it('ends a refunded plan on the chat within 2 s', async () => {
    const ctx = await startChat(target!, { IDENTITY_URL: identity.url, BILLING_URL: billingUrl, INTERNAL_API_TOKEN });
    try {
      const email = `refund-${Date.now()}@example.org`;
      const token = await identity.tokenFor('user', email);
      const planNow = async () => (await ctx.app.inject({ url: '/api/chat/usage', headers: bearer(token) })).json().usage.plan;
      const subscriptionId = await buy(token, email, 'Pro');
      expect(await planNow()).toBe('Pro'); // cached for a moment from here on
      const admin = await identity.tokenFor('admin');
      await expectRefundEndsPlan(billingUrl, admin, subscriptionId, planNow, 'Free');
    } finally {
      await ctx.app.close();
      await ctx.database.destroy();
    }
  }, 60_000);

  it('answers 503 PLAN_UNAVAILABLE, never Free, when billing refuses the token or cannot be reached and nothing is known', async () => {
    warnings.length = 0;
    await expect(billingChatPlans(billingUrl, log)({ userId: 'someone', bearer: 'Bearer forged' })).rejects.toMatchObject({ statusCode: 503, code: 'PLAN_UNAVAILABLE' });
    await expect(billingChatPlans('http://127.0.0.1:9', log)({ userId: 'someone', bearer: 'Bearer x' })).rejects.toMatchObject({ statusCode: 503 });
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
