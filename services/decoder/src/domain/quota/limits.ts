// Daily analysis limits (spec sections 4, 6 and 9) and the usage view a browser is shown.
import { dailyLimitFor as dailyLimit, UPGRADE_PROMPT_SHARE, type DecoderTier, type Usage } from '@keisha/contracts/decoder';

/** Analyses a day per tier (null: unlimited; an unknown tier gets 0) and the prompt share, as the browser has them. */
export { dailyLimit, UPGRADE_PROMPT_SHARE };

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
