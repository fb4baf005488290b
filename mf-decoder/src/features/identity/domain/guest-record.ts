// Spec section 4 ("Decoder auth", "Daily reset"): a visitor without an account is a guest with a
// small daily allowance, remembered in the browser. The server keeps the count that matters (by IP);
// this record is what the page shows and resets at local midnight.

export const GUEST_DAILY_LIMIT = 3;

export interface GuestRecord {
  tier: 'guest';
  daily_usage_count: number;
  limit: number;
  /** Local calendar date (YYYY-MM-DD) the count belongs to. */
  last_usage_reset: string;
}

export function newGuestRecord(today: string): GuestRecord {
  return { tier: 'guest', daily_usage_count: 0, limit: GUEST_DAILY_LIMIT, last_usage_reset: today };
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * The guest record kept in the browser, as of today: a count from another day starts again at 0,
 * and anything missing, unreadable or tampered with gives a fresh record. The limit is always ours,
 * never the stored one.
 */
export function restoreGuestRecord(stored: string | null | undefined, today: string): GuestRecord {
  if (!stored) return newGuestRecord(today);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return newGuestRecord(today);
  }
  if (typeof parsed !== 'object' || parsed === null) return newGuestRecord(today);
  const { tier, daily_usage_count: count, last_usage_reset: day } = parsed as Record<string, unknown>;
  if (tier !== 'guest' || !isCount(count) || typeof day !== 'string' || day !== today) return newGuestRecord(today);
  return { ...newGuestRecord(today), daily_usage_count: count };
}

export function serializeGuestRecord(record: GuestRecord): string {
  return JSON.stringify(record);
}
