// The decoder tier of an account comes from billing (the source of truth for plans), through the shared
// entitlements client: the reader's own token is forwarded, paid tiers are cached briefly, and a reader
// whom billing cannot place is counted on the free tier (the least they are owed).
import type { DecoderTier } from '@keisha/contracts/decoder';
import { entitlementLookup } from '@keisha/service-kit';

export type TierLookup = (userId: string, bearer: string) => Promise<DecoderTier>;

const ACCOUNT_TIERS: readonly DecoderTier[] = ['free', 'monthly', 'annual'];

export function billingTiers(
  billingUrl: string,
  log: { warn: (obj: object, msg: string) => void },
  { ttlMs = 1000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): TierLookup {
  const lookup = entitlementLookup<DecoderTier>(billingUrl, {
    read: (entitlement) => ACCOUNT_TIERS.find((tier) => tier === entitlement.decoder_tier),
    free: 'free',
    fallbackNote: 'counting the reader on the free tier',
    log,
    ttlMs,
    timeoutMs,
    maxEntries,
  });
  return (userId, bearer) => lookup({ userId, bearer });
}

/** A fixed tier for every account (DEFAULT_ACCOUNT_TIER): single-service runs and benchmarks. */
export function fixedTier(tier: DecoderTier): TierLookup {
  return async () => tier;
}
