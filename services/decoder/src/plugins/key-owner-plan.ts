// The plan of an API key's owner, from billing. A key carries no access token to forward, so the decoder
// asks billing's internal route with the services' shared internal token. Answers are cached for at most
// 1 s per account (one question per account at a time), so a plan that lapses stops its keys within
// about a second. When billing cannot answer, the answer is undefined: the key is then refused (503),
// never let through on a plan nobody confirmed.
import { internalEntitlementPath, type Entitlement } from '@keisha/contracts/billing';
import { INTERNAL_TOKEN_HEADER, tracedFetch } from '@keisha/service-kit';
import { briefLookup } from './brief-lookup.ts';

export type OwnerTier = Entitlement['decoder_tier'];
export type OwnerPlanLookup = (userId: string) => Promise<OwnerTier | undefined>;

const TIERS: readonly OwnerTier[] = ['free', 'monthly', 'annual'];

export function billingOwnerPlans(
  billingUrl: string,
  internalToken: string,
  log: { warn: (obj: object, msg: string) => void },
  { ttlMs = 1000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): OwnerPlanLookup {
  const ask = async (userId: string): Promise<OwnerTier | undefined> => {
    try {
      const response = await tracedFetch(new URL(internalEntitlementPath(userId), billingUrl), {
        headers: { [INTERNAL_TOKEN_HEADER]: internalToken },
        signal: AbortSignal.timeout(timeoutMs),
      }, { route: '/internal/billing/entitlements/:userId' });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      const body = (await response.json()) as { entitlement?: Partial<Entitlement> } | null;
      const tier = TIERS.find((t) => t === body?.entitlement?.decoder_tier);
      if (!tier) throw new Error('billing sent an entitlement the decoder does not know');
      return tier;
    } catch (error) {
      log.warn({ err: error, userId }, 'billing could not say the plan of an API key’s owner; refusing the key for now');
      return undefined;
    }
  };
  return briefLookup(ask, { ttlMs, maxEntries });
}

/** One plan for every owner (DEFAULT_ACCOUNT_TIER: single-service runs and benchmarks). */
export function fixedOwnerPlan(tier: OwnerTier): OwnerPlanLookup {
  return async () => tier;
}
