// Chat Gold's early access (spec section 9: "Gold $99 one-time (lifetime, early access)"): over real HTTP on PGlite
// and PostgreSQL, the administrators' list of Gold readers to invite first holds every paid Gold once, earliest
// first, and nobody else: not a Starter, not a Gold checkout still unpaid, not a refunded Gold.
import { describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { emailOf, servedBillingForSuite, browse, subOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('the early-access list on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url });
  const call = (path: string, init?: Parameters<typeof browse>[2]) => browse(ctx, path, init);

  /** A chat checkout of `tier` opened by the reader; paid in the sandbox unless `paid` is false. */
  async function chatPlan(token: string, tier: string, paid = true) {
    const created = await call('/api/create-checkout-session', { token, json: { email: emailOf(token), tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' } });
    expect(created.status).toBe(201);
    const id = created.json().session_id as string;
    if (paid) expect((await call(`/api/billing/sandbox/checkout/${id}/pay`, { form: true })).status).toBe(303);
    return id;
  }
  const list = async (token: string) => call('/api/billing/admin/early-access', { token });

  it('lists each paid Gold reader once, earliest first, and no Starter, unpaid or refunded Gold', async () => {
    const admin = await identity.tokenFor('admin');
    const before = (await list(admin)).json().readers.map((r: { user_id: string }) => r.user_id);
    const [first, second, starter, unpaid, refunded] = await Promise.all([1, 2, 3, 4, 5].map(() => identity.tokenFor('user')));
    await chatPlan(first!, 'Gold');
    await chatPlan(second!, 'Gold');
    await chatPlan(starter!, 'Starter');
    await chatPlan(unpaid!, 'Gold', false);
    const refund = await chatPlan(refunded!, 'Gold');
    expect((await call(`/api/billing/admin/subscriptions/${refund}/refund`, { token: admin, json: {} })).status).toBe(200);

    const answer = await list(admin);
    expect(answer.status).toBe(200);
    const added = answer.json().readers.filter((r: { user_id: string }) => !before.includes(r.user_id));
    expect(added).toEqual([
      { user_id: subOf(first!), email: emailOf(first!), since: expect.any(String) },
      { user_id: subOf(second!), email: emailOf(second!), since: expect.any(String) },
    ]);
    expect(Date.parse(added[0].since)).toBeLessThanOrEqual(Date.parse(added[1].since));
  });

  it('is for administrators only', async () => {
    expect((await list(await identity.tokenFor('user'))).status).toBe(403);
    expect((await call('/api/billing/admin/early-access')).status).toBe(401);
  });
});
