import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buySandboxDecoderPlan, databaseTargets, expectRefundEndsPlan, startBillingProcess, startIdentityProcess, subjectOf, type IdentityProcess, type ServiceProcess } from '@keisha/service-kit/testing';
import { billingTiers } from '../src/plugins/billing-tiers.ts';
import { startDecoder } from './helpers.ts';

const [target] = await databaseTargets();
// One internal token for billing's process and the decoder built here, as every deployment shares one.
const INTERNAL_API_TOKEN = randomBytes(32).toString('base64url');

// The tier lookup against the real billing service, as a process, trusting the real identity's keys.
describe('decoder tiers from billing', () => {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  let billingUrl = '';
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    identity = await startIdentityProcess();
    billing = await startBillingProcess(identity.url, { INTERNAL_API_TOKEN });
    billingUrl = billing.url;
  }, 90_000);
  afterAll(async () => {
    await billing?.stop();
    await identity?.stop();
  });
  it('asks billing with the reader’s own token without an internal token, and reads their plan', async () => {
    const token = await identity.tokenFor('user');
    const lookup = billingTiers(billingUrl, log);
    expect(await lookup('someone', `Bearer ${token}`)).toBe('free');
    expect(warnings).toEqual([]);
  });

  it('asks billing’s internal route with the internal token', async () => {
    const token = await identity.tokenFor('user');
    const userId = subjectOf(token);
    expect(await billingTiers(billingUrl, log, { internalToken: () => INTERNAL_API_TOKEN })(userId, 'Bearer unused')).toBe('free');
    // A wrong internal token is not an answer: with nothing known, 503 (never the free tier by default).
    await expect(billingTiers(billingUrl, log, { internalToken: () => 'x'.repeat(43) })(userId, 'Bearer unused')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('ends a refunded plan on the decoder within 2 s', async () => {
    const ctx = await startDecoder(target!, { IDENTITY_URL: identity.url, BILLING_URL: billingUrl, DEFAULT_ACCOUNT_TIER: 'billing', INTERNAL_API_TOKEN });
    try {
      const token = await identity.tokenFor('user');
      const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const tierNow = async () => (await ctx.app.inject({ url: '/api/bias-usage/current', headers: auth })).json().usage.subscription_tier;
      expect(await tierNow()).toBe('free');
      const subscriptionId = await buySandboxDecoderPlan(billingUrl, token, 'monthly');
      // A free answer is not reused: the plan bought counts on the next request.
      expect(await tierNow()).toBe('monthly');
      expect(await tierNow()).toBe('monthly'); // cached for a moment from here on
      const admin = await identity.tokenFor('admin');
      await expectRefundEndsPlan(billingUrl, admin, subscriptionId, tierNow, 'free');
    } finally {
      await ctx.app.close();
      await ctx.database.destroy();
    }
  }, 60_000);

  it('answers 503 PLAN_UNAVAILABLE, never the free tier, when billing refuses or is unreachable and nothing is known', async () => {
    warnings.length = 0;
    for (const lookup of [billingTiers(billingUrl, log), billingTiers('http://127.0.0.1:9', log)]) {
      await expect(lookup('someone', 'Bearer forged')).rejects.toMatchObject({ statusCode: 503, code: 'PLAN_UNAVAILABLE' });
    }
    expect(warnings).toHaveLength(2);
  });
});
