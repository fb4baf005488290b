// The plans of many accounts in one question, over real HTTP on both databases: identity's newsletter asks a page
// of readers at a time. Every id asked is answered (free when billing holds nothing), an erased account's
// purchases count for nothing, an id in capitals finds its plan, and only the internal token is let in.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ENTITLEMENTS_PATH, internalEntitlementsPath } from '@keisha/contracts/billing';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { databaseTargets, identityForFile } from '@keisha/service-kit/testing';
import { servedBillingForSuite } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const INTERNAL = 'internal-entitlements-test-token-0123456789abcdef';

describe.each(targets)('the plans of many accounts at once on $kind', (target) => {
  const ctx = servedBillingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL });
  const ask = (path: string, token: string | null = INTERNAL) => fetch(`${ctx.base}${path}`, { headers: token ? { [INTERNAL_TOKEN_HEADER]: token } : {} });

  it('answers every account asked, each with its own plans', async () => {
    const [monthly, gold, lapsed, erased, stranger] = Array.from({ length: 5 }, () => randomUUID());
    const ahead = new Date(Date.now() + 30 * 86_400_000);
    await ctx.database.db
      .insertInto('subscriptions')
      .values([
        { user_id: monthly!, product: 'decoder', tier: 'monthly', status: 'active', provider: 'sandbox', provider_ref: `m-${monthly}`, current_period_end: ahead },
        { user_id: gold!, product: 'chat', tier: 'Gold', status: 'active', provider: 'sandbox', provider_ref: `g-${gold}`, lifetime: true },
        { user_id: lapsed!, product: 'decoder', tier: 'annual', status: 'active', provider: 'sandbox', provider_ref: `l-${lapsed}`, current_period_end: new Date(Date.now() - 86_400_000) },
        { user_id: erased!, product: 'decoder', tier: 'annual', status: 'active', provider: 'sandbox', provider_ref: `e-${erased}`, current_period_end: ahead },
      ])
      .execute();
    await ctx.database.db.insertInto('billing_accounts').values({ user_id: erased!, erased_at: new Date() }).execute();

    const response = await ask(internalEntitlementsPath([monthly!.toUpperCase(), gold!, lapsed!, erased!, stranger!]));
    expect(response.status).toBe(200);
    const { entitlements } = (await response.json()) as { entitlements: Record<string, { decoder_tier: string; chat_tier: string; lifetime: boolean }> };
    expect(Object.keys(entitlements).sort()).toEqual([monthly!.toUpperCase(), gold!, lapsed!, erased!, stranger!].sort());
    expect(entitlements[monthly!.toUpperCase()]).toMatchObject({ decoder_tier: 'monthly', chat_tier: 'Free' });
    expect(entitlements[gold!]).toMatchObject({ decoder_tier: 'free', chat_tier: 'Gold', lifetime: true });
    expect(entitlements[lapsed!]).toMatchObject({ decoder_tier: 'free' });
    expect(entitlements[erased!]).toMatchObject({ decoder_tier: 'free' });
    expect(entitlements[stranger!]).toMatchObject({ decoder_tier: 'free', chat_tier: 'Free' });
  });

  it('refuses a caller without the internal token, and malformed or too many ids with a reason', async () => {
    const some = internalEntitlementsPath([randomUUID()]);
    expect((await ask(some, null)).status).toBe(401);
    expect((await ask(some, 'not-the-token-0123456789abcdef0123456789')).status).toBe(401);
    for (const path of [
      `${INTERNAL_ENTITLEMENTS_PATH}?user_ids=nope`,
      `${INTERNAL_ENTITLEMENTS_PATH}?user_ids=${randomUUID()},'%20or%201=1--`,
      internalEntitlementsPath(Array.from({ length: 101 }, () => randomUUID())),
    ]) {
      const response = await ask(path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
    }
    const hundred = await ask(internalEntitlementsPath(Array.from({ length: 100 }, () => randomUUID())));
    expect(hundred.status).toBe(200);
    expect(Object.keys(((await hundred.json()) as { entitlements: object }).entitlements)).toHaveLength(100);
  });
});
