// The decoder tier of an account comes from billing (the source of truth for plans). The reader's own
// access token is forwarded to billing's /entitlements/me, so no extra service credential exists to
// leak; answers are cached briefly per account. If billing cannot answer, the reader gets the free
// tier (the least they are owed) and the failure is logged.
import { ENTITLEMENT_PATHS, type EntitlementResponse } from '@keisha/contracts/billing';
import type { DecoderTier } from '@keisha/contracts/decoder';

export type TierLookup = (userId: string, bearer: string) => Promise<DecoderTier>;

export function billingTiers(
  billingUrl: string,
  log: { warn: (obj: object, msg: string) => void },
  { ttlMs = 30_000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): TierLookup {
  const cache = new Map<string, { tier: DecoderTier; until: number }>();
  const url = new URL(ENTITLEMENT_PATHS.me, billingUrl).toString();
  return async (userId, bearer) => {
    const cached = cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.tier;
    try {
      const response = await fetch(url, { headers: { authorization: bearer }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      const tier = ((await response.json()) as EntitlementResponse).entitlement.decoder_tier;
      // Only paid tiers are cached: a free reader who has just bought a plan must see it at once.
      if (tier !== 'free') {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(userId, { tier, until: Date.now() + ttlMs });
      }
      return tier;
    } catch (error) {
      log.warn({ err: error, userId }, 'billing entitlements unavailable; counting the reader on the free tier');
      return 'free';
    }
  };
}

/** A fixed tier for every account (DEFAULT_ACCOUNT_TIER): single-service runs and benchmarks. */
export function fixedTier(tier: DecoderTier): TierLookup {
  return async () => tier;
}
