// A reader's day, fixed on the server. Daily limits reset at the reader's local midnight, and the
// browser says which zone that is; but if every request could name its own zone, a reader could
// switch zones to open a new "day" at will (two zones, two days' allowance). So the day a reader is in
// is stored, and a request's zone is only a wish:
// - while the stored day lasts, it is the day, whatever zone the request names;
// - when it has ended, the next day is the requested zone's current day if that day began no earlier
//   than the stored day ended and has a later date; otherwise the stored zone's current day.
// Days never overlap and each is a whole local day (23-25 hours), so any sequence of zones gives no
// more days, and no more allowance, than staying in one zone. A traveller's new zone takes over at the
// first midnight where it can do so without overlapping the day already counted.
import { localDay, localDayStart, nextLocalMidnight } from './calendar.ts';

export interface ReaderDay {
  timeZone: string;
  /** The local date (YYYY-MM-DD) in `timeZone`: the key of the day's counters. */
  day: string;
  endsAt: Date;
}

/** The local day that contains `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): ReaderDay & { startsAt: Date } {
  return { timeZone, day: localDay(now, timeZone), startsAt: localDayStart(now, timeZone), endsAt: nextLocalMidnight(now, timeZone) };
}

/** The day a request made at `now` counts in, given the reader's stored day (if any) and the zone it asks for. */
export function readerDayFor(stored: ReaderDay | undefined, requestedZone: string, now: Date): ReaderDay {
  if (stored && now < stored.endsAt) return stored;
  const wanted = dayIn(requestedZone, now);
  const { startsAt: _startsAt, ...day } = wanted;
  if (!stored) return day;
  if (wanted.startsAt >= stored.endsAt && wanted.day > stored.day) return day;
  const kept = dayIn(stored.timeZone, now);
  return { timeZone: kept.timeZone, day: kept.day, endsAt: kept.endsAt };
}

export function sameDay(a: ReaderDay | undefined, b: ReaderDay): boolean {
  return a !== undefined && a.day === b.day && a.timeZone === b.timeZone;
}
