// Who may use an API key over real HTTP (see api-keys-fixture.ts): a key stops within 2 s of its plan lapsing or its
// account being disabled or demoted; identity's and billing's internal routes answer only the internal token.
import { describe, expect, it } from 'vitest';
import { internalEntitlementPath } from '@keisha/contracts/billing';
import { internalAccountPath } from '@keisha/contracts/identity';
import { subjectOf, type IdentityProcess, type ServiceProcess } from '@keisha/service-kit/testing';
import { apiKeyServices, ARTICLE, fetch, INTERNAL_API_TOKEN, targets, type Decoder } from './api-keys-fixture.ts';

describe.each(targets)('API keys and the public API on $kind', (target) => {
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  const { decoder, buyPlan, refund, createKey, analyse } = apiKeyServices('keys_access', target, (started) => ({ identity, billing } = started));

  it('stops the key of a plan that lapses within 2 s', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    const subscription = await buyPlan(token, 'annual');
    const { secret } = await (await createKey(ctx, token, 'lapsing')).json();
    expect((await analyse(ctx, secret, { text: ARTICLE })).status).toBe(200); // the plan is cached from here on
    await refund(subscription);
    const started = Date.now();
    let status = 200;
    while (Date.now() - started <= 2000) {
      status = (await analyse(ctx, secret, { text: ARTICLE })).status;
      if (status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(403);
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
    const refused = await analyse(ctx, secret, { text: ARTICLE });
    expect(await refused.json()).toMatchObject({ error: { code: 'PLAN_REQUIRED' } });
  }, 60_000);

  async function refusedWithin2s(ctx: Decoder, secret: string, change: () => Promise<void>): Promise<{ status: number; code: string }> {
    expect((await analyse(ctx, secret, { text: ARTICLE })).status).toBe(200); // cached from here on
    await change();
    const started = Date.now();
    let response = await analyse(ctx, secret, { text: ARTICLE });
    while (response.status === 200 && Date.now() - started <= 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await analyse(ctx, secret, { text: ARTICLE });
    }
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
    return { status: response.status, code: (await response.json()).error?.code };
  }

  it('stops the keys of a disabled account, and of a demoted administrator without the plan, within 2 s', async () => {
    const ctx = await decoder();
    const token = await identity.tokenFor('user');
    await buyPlan(token, 'annual');
    const { secret } = await (await createKey(ctx, token, 'to be disabled')).json();
    expect(await refusedWithin2s(ctx, secret, () => identity.updateUser(subjectOf(token), { disabled: true }))).toEqual({ status: 403, code: 'ACCOUNT_DISABLED' });

    const email = `promoted-${Date.now()}-${target.kind}@example.org`;
    const promoted = await identity.tokenFor('user', email);
    await identity.updateUser(subjectOf(promoted), { role: 'admin' });
    const adminSession = await identity.signIn('user', email);
    const adminKey = await (await createKey(ctx, adminSession.token, 'admin key')).json();
    expect(adminKey.secret).toMatch(/^kei_live_/);
    expect(await refusedWithin2s(ctx, adminKey.secret, () => identity.updateUser(subjectOf(promoted), { role: 'user' }))).toEqual({ status: 403, code: 'PLAN_REQUIRED' });
  }, 60_000);

  it('keeps identity’s internal route to holders of the internal token', async () => {
    const token = await identity.tokenFor('user');
    const url = `${identity.url}${internalAccountPath(subjectOf(token))}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { 'x-keisha-internal-token': 'x'.repeat(43), authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await (await fetch(url, { headers: { 'x-keisha-internal-token': INTERNAL_API_TOKEN } })).json()).toEqual({ success: true, account: { role: 'user', disabled: false } });
  });

  it('keeps billing’s internal route to holders of the internal token', async () => {
    const token = await identity.tokenFor('user');
    const url = `${billing.url}${internalEntitlementPath(subjectOf(token))}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { 'x-keisha-internal-token': 'x'.repeat(43) } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const answered = await fetch(url, { headers: { 'x-keisha-internal-token': INTERNAL_API_TOKEN } });
    expect(await answered.json()).toMatchObject({ success: true, entitlement: { decoder_tier: 'free' } });
  });
});
