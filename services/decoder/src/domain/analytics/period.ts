// The days an admin chart covers: the last N local days in the admin's time zone, today included.
import { localDay } from '@keisha/service-kit';

export interface AnalyticsPeriodDays {
  /** Every day, oldest first (YYYY-MM-DD). */
  dates: string[];
  /** The first day; events from its local midnight on are counted. */
  from: string;
  /** The day after the last one; events from its local midnight on are not. */
  until: string;
}

/** `day` moved by `delta` calendar days (dates only: no clock, so no DST to trip on). */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

export function periodDays(now: Date, days: number, timeZone: string): AnalyticsPeriodDays {
  const today = localDay(now, timeZone);
  const from = addDays(today, -(days - 1));
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  return { dates, from, until: addDays(today, 1) };
}
