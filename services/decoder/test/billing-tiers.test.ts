import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingProcess, startIdentityProcess, type IdentityProcess, type ServiceProcess } from '@keisha/service-kit/testing';
import { billingTiers } from '../src/plugins/billing-tiers.ts';

// The tier lookup against the real billing service, as a process, trusting the real identity's keys.
describe('decoder tiers from billing', () => {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  let billingUrl = '';
  const warnings: string[] = [];
  const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    identity = await startIdentityProcess();
    billing = await startBillingProcess(identity.url);
    billingUrl = billing.url;
  }, 90_000);
  afterAll(async () => {
    await billing?.stop();
    await identity?.stop();
  });
  it('asks billing with the reader’s own token, and reads their plan', async () => {
    const token = await identity.tokenFor('user');
    const lookup = billingTiers(billingUrl, log);
    expect(await lookup('someone', `Bearer ${token}`)).toBe('free');
    expect(warnings).toEqual([]);
  });

  it('counts the reader as free, and says so, when billing refuses or is unreachable', async () => {
    expect(await billingTiers(billingUrl, log)('someone', 'Bearer forged')).toBe('free');
    expect(await billingTiers('http://127.0.0.1:9', log)('someone', 'Bearer x')).toBe('free');
    expect(warnings).toHaveLength(2);
  });
});
