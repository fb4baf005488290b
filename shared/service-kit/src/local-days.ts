// The days an admin chart or report covers: the last N local days in the admin's time zone, today included
// (the decoder's analytics and billing's sales figures count the same days).
import { localDay } from './calendar.ts';

export interface LocalDays {
  /** Every day, oldest first (YYYY-MM-DD). */
  dates: string[];
  /** The first day; what happened from its local midnight on is counted. */
  from: string;
  /** The day after the last one; what happened from its local midnight on is not. */
  until: string;
}

/** `day` moved by `delta` calendar days (dates only: no clock, so no DST to trip on). */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** The last `days` local days in `timeZone`, today included. */
export function lastLocalDays(now: Date, days: number, timeZone: string): LocalDays {
  const today = localDay(now, timeZone);
  const from = addDays(today, -(days - 1));
  return { dates: Array.from({ length: days }, (_, i) => addDays(from, i)), from, until: addDays(today, 1) };
}
