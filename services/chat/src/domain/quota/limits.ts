// The chat plans' daily message limits (spec sections 4, 6 and 9) and the usage a browser is shown.
import { FREE_DAILY_MESSAGES, type ChatTier, type ChatUsage } from '@keisha/contracts/chat';

/** Messages a day per plan; null means unlimited. An unknown plan sends none (like the decoder's unknown tier). */
export function dailyMessageLimit(tier: string): number | null {
  switch (tier) {
    case 'Free':
      return FREE_DAILY_MESSAGES;
    case 'Starter':
    case 'Pro':
    case 'Gold':
      return null;
    default:
      return 0;
  }
}

export function usageView(plan: ChatTier, used: number, resetsAt: Date, timeZone: string): ChatUsage {
  const limit = dailyMessageLimit(plan);
  const unlimited = limit === null;
  return {
    plan,
    messages_today: used,
    daily_limit: limit,
    remaining: unlimited ? null : Math.max(0, limit - used),
    unlimited,
    limit_reached: !unlimited && used >= limit,
    resets_at: resetsAt.toISOString(),
    time_zone: timeZone,
  };
}
