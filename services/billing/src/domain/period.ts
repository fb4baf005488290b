// How long a purchase lasts (spec section 9): monthly plans one calendar month, annual plans one
// year, Gold for life. Pure: the start is given.

export type BillingCycle = 'monthly' | 'yearly' | 'lifetime';

function daysInMonthUtc(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** Adds calendar months in UTC, clamping the day: 31 January + 1 month is 28 (or 29) February. */
export function addMonthsUtc(start: Date, months: number): Date {
  const total = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(start.getUTCDate(), daysInMonthUtc(year, month));
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}

/** The end of a period that starts at `start`; null for a lifetime purchase (it never ends). */
export function periodEnd(cycle: BillingCycle, start: Date): Date | null {
  switch (cycle) {
    case 'monthly':
      return addMonthsUtc(start, 1);
    case 'yearly':
      return addMonthsUtc(start, 12);
    case 'lifetime':
      return null;
  }
}

/**
 * A new purchase starts when the buyer's current access to the same plan ends, so buying again
 * early adds a period instead of wasting the overlap.
 */
export function periodStart(now: Date, currentAccessEnds: Array<Date | null>): Date {
  let start = now;
  for (const end of currentAccessEnds) if (end && end.getTime() > start.getTime()) start = end;
  return start;
}
