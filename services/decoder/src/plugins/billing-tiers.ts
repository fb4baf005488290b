// The decoder tier of an account comes from billing (the source of truth for plans), through the shared
// entitlements client: asked on billing's internal route, a paid answer reused for a second, and when billing cannot
// answer the last tier it gave stands for a while; with none known the request is refused with 503
// PLAN_UNAVAILABLE, never counted as free by accident.
import type { DecoderTier } from '@keisha/contracts/decoder';
import { entitlementLookup, type EntitlementLookupOptions } from '@keisha/service-kit';

export type TierLookup = (userId: string, bearer: string) => Promise<DecoderTier>;

const ACCOUNT_TIERS: readonly DecoderTier[] = ['free', 'monthly', 'annual'];

export function billingTiers(
  billingUrl: string,
  log: { warn: (obj: object, msg: string) => void },
  options: Omit<EntitlementLookupOptions<DecoderTier>, 'read' | 'isFree' | 'log'> = {},
): TierLookup {
  const lookup = entitlementLookup<DecoderTier>(billingUrl, {
    ...options,
    read: (entitlement) => ACCOUNT_TIERS.find((tier) => tier === entitlement.decoder_tier),
    isFree: (tier) => tier === 'free',
    log,
  });
  return (userId, bearer) => lookup({ userId, bearer });
}

/** A fixed tier for every account (DEFAULT_ACCOUNT_TIER): single-service runs and benchmarks. */
export function fixedTier(tier: DecoderTier): TierLookup {
  return async () => tier;
}
