// The plan of an API key's owner, from billing. A key carries no access token to forward, so the decoder
// asks billing's internal route with the services' shared internal token. An answer is reused for 1 s per
// account (one question per account at a time), so a plan that lapses stops its keys within about a
// second. When billing cannot answer, the last plan it gave stands for a while (an annual subscriber's
// integration keeps working through a billing restart); with none known, the answer is undefined and the
// key is refused for now (503), never let through on a plan nobody confirmed.
import { INTERNAL_ENTITLEMENT_PATH, internalEntitlementPath, type Entitlement } from '@keisha/contracts/billing';
import { INTERNAL_TOKEN_HEADER, lastKnown, tracedFetch } from '@keisha/service-kit';

export type OwnerTier = Entitlement['decoder_tier'];
export type OwnerPlanLookup = (userId: string) => Promise<OwnerTier | undefined>;

const TIERS: readonly OwnerTier[] = ['free', 'monthly', 'annual'];

export interface OwnerPlanOptions {
  freshMs?: number;
  staleMs?: number;
  quietMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
  onFailure?: (outcome: 'stale' | 'unavailable') => void;
}

export function billingOwnerPlans(
  billingUrl: string,
  internalToken: string,
  log: { warn: (obj: object, msg: string) => void },
  { freshMs = 1000, staleMs = 15 * 60_000, quietMs = 5000, timeoutMs = 2000, maxEntries = 50_000, onFailure }: OwnerPlanOptions = {},
): OwnerPlanLookup {
  const ask = async (userId: string): Promise<OwnerTier> => {
    const response = await tracedFetch(new URL(internalEntitlementPath(userId), billingUrl), {
      headers: { [INTERNAL_TOKEN_HEADER]: internalToken },
      signal: AbortSignal.timeout(timeoutMs),
    }, { route: INTERNAL_ENTITLEMENT_PATH });
    if (!response.ok) throw new Error(`billing answered ${response.status}`);
    const body = (await response.json()) as { entitlement?: Partial<Entitlement> } | null;
    const tier = TIERS.find((t) => t === body?.entitlement?.decoder_tier);
    if (!tier) throw new Error('billing sent an entitlement the decoder does not know');
    return tier;
  };
  const lookup = lastKnown(ask, {
    freshMs,
    staleMs,
    quietMs,
    maxEntries,
    onFailure: (outcome, userId, error) => {
      onFailure?.(outcome);
      log.warn(
        { err: error, userId },
        outcome === 'stale'
          ? 'billing could not say the plan of an API key’s owner; using the last plan it gave'
          : 'billing could not say the plan of an API key’s owner; refusing the key for now',
      );
    },
  });
  return (userId) => lookup(userId).catch(() => undefined);
}

/** One plan for every owner (DEFAULT_ACCOUNT_TIER: single-service runs and benchmarks). */
export function fixedOwnerPlan(tier: OwnerTier): OwnerPlanLookup {
  return async () => tier;
}
