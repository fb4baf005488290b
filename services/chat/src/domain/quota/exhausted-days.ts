// Accounts whose day is used up, remembered only to decide whether to ask the model before the message is
// counted: an account whose last message used up its day, or that was refused, is likely refused again, so
// asking the model early would waste a call. Never a verdict: the count in the database decides.

export interface AccountDay {
  userId: string;
  day: string;
}

/** The accounts remembered at most; the oldest is forgotten first. */
export const EXHAUSTED_REMEMBERED = 10_000;

export function exhaustedDays(capacity = EXHAUSTED_REMEMBERED) {
  const days = new Set<string>();
  const keyOf = (d: AccountDay) => `${d.userId} ${d.day}`;
  return {
    /** Whether the account's day was last seen used up. */
    has: (d: AccountDay): boolean => days.has(keyOf(d)),
    /**
     * What the count said after a message: `used` is the day's count once the message was counted, undefined when
     * it was refused; `limit` null for a plan without a daily limit.
     */
    note(d: AccountDay & { limit: number | null }, used: number | undefined): void {
      const key = keyOf(d);
      days.delete(key);
      if (d.limit === null || (used !== undefined && used < d.limit)) return;
      if (days.size >= capacity) days.delete(days.values().next().value!);
      days.add(key);
    },
    /** A message was given back: the day has room again. */
    forget: (d: AccountDay): void => void days.delete(keyOf(d)),
    get size(): number {
      return days.size;
    },
  };
}
export type ExhaustedDays = ReturnType<typeof exhaustedDays>;
