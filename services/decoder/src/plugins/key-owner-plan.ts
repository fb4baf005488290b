// The plan of an API key's owner, from billing. A key carries no access token to forward, so the decoder
// asks billing's internal route with the services' shared internal token. An answer is reused for 1 s per
// account (one question per account at a time), so a plan that lapses stops its keys within about a
// second. When billing cannot answer, the last plan it gave stands for a while (an annual subscriber's
// integration keeps working through a billing restart); with none known, the answer is undefined and the
// key is refused for now (503), never let through on a plan nobody confirmed.
import type { Entitlement } from '@keisha/contracts/billing';
import { entitlementLookup, type EntitlementLookupOptions } from '@keisha/service-kit';

export type OwnerTier = Entitlement['decoder_tier'];
export type OwnerPlanLookup = (userId: string) => Promise<OwnerTier | undefined>;

const TIERS: readonly OwnerTier[] = ['free', 'monthly', 'annual'];

export type OwnerPlanOptions = Pick<EntitlementLookupOptions<OwnerTier>, 'freshMs' | 'staleMs' | 'quietMs' | 'timeoutMs' | 'maxEntries' | 'onFailure'>;

/** The service kit's entitlement lookup on billing's internal route (a key has no reader's token to forward). */
export function billingOwnerPlans(billingUrl: string, internalToken: string, log: { warn: (obj: object, msg: string) => void }, options: OwnerPlanOptions = {}): OwnerPlanLookup {
  const lookup = entitlementLookup<OwnerTier>(billingUrl, {
    ...options,
    read: (entitlement) => TIERS.find((t) => t === entitlement.decoder_tier),
    isFree: (tier) => tier === 'free',
    internalToken: () => internalToken,
    log,
  });
  return (userId) => lookup({ userId, bearer: '' }).catch(() => undefined);
}

/** One plan for every owner (DEFAULT_ACCOUNT_TIER: single-service runs and benchmarks). */
export function fixedOwnerPlan(tier: OwnerTier): OwnerPlanLookup {
  return async () => tier;
}
