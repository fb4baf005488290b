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

export interface UsesGivenBack {
  userId: string;
  /** The day the messages were counted in, YYYY-MM-DD. */
  day: string;
  uses: number;
}

/**
 * The messages of failed answers to give back: one per answer whose day is known (answers written before they
 * recorded it have nothing to give back), grouped by the account's day, in (account, day) order: the order every
 * path locks counters in, so two writers cannot deadlock.
 */
export function usesToGiveBack(answers: ReadonlyArray<{ userId: string; day: string | null }>): UsesGivenBack[] {
  const counts = new Map<string, UsesGivenBack>();
  for (const { userId, day } of answers) {
    if (day === null) continue;
    const key = `${userId} ${day}`;
    const entry = counts.get(key);
    if (entry) entry.uses++;
    else counts.set(key, { userId, day, uses: 1 });
  }
  return [...counts.values()].sort((a, b) => (a.userId === b.userId ? compare(a.day, b.day) : compare(a.userId, b.userId)));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
