// Daily analysis limits (spec sections 4, 6 and 9) and the usage view a browser is shown.
import type { DecoderTier, Usage } from '@keisha/contracts/decoder';

/** Analyses a day per tier; null means unlimited. An unknown tier gets 0 (spec section 4). */
export function dailyLimit(tier: string): number | null {
  switch (tier) {
    case 'guest':
    case 'free':
      return 3;
    case 'monthly':
      return 10;
    case 'annual':
      return null;
    default:
      return 0;
  }
}

/** Spec section 4: the upgrade prompt appears at 80% of the limit, for guests and free users. */
export const UPGRADE_PROMPT_SHARE = 0.8;

export function usageView(tier: DecoderTier, used: number, resetsAt: Date): Usage {
  const limit = dailyLimit(tier);
  const unlimited = limit === null;
  const remaining = unlimited ? null : Math.max(0, limit - used);
  const promptable = tier === 'guest' || tier === 'free';
  return {
    daily_count: used,
    limit,
    daily_limit: limit,
    subscription_tier: tier,
    remaining,
    unlimited,
    hasReachedLimit: !unlimited && used >= limit,
    shouldPromptUpgrade: promptable && !unlimited && limit > 0 && used >= Math.ceil(limit * UPGRADE_PROMPT_SHARE),
    resets_at: resetsAt.toISOString(),
  };
}
