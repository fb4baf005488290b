// A person's day: daily quotas (analyses, messages) reset at their local midnight, in the time zone
// their browser reports. Shared by every service that counts per day.

// Building an Intl.DateTimeFormat costs far more than using one: keep one per valid time zone
// (there are a few hundred; an invalid name is never cached).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size < 1000) formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(name: string): boolean {
  if (formatters.has(name)) return true;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

function parts(date: Date, timeZone: string) {
  const formatted = formatterFor(timeZone).formatToParts(date);
  const get = (type: string) => Number(formatted.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The local calendar date (YYYY-MM-DD) in `timeZone` at `now`. */
export function localDay(now: Date, timeZone = 'UTC'): string {
  const { year, month, day } = parts(now, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The next local midnight in `timeZone` after `now`, as an instant (DST-safe to the minute). */
export function nextLocalMidnight(now: Date, timeZone = 'UTC'): Date {
  const { hour, minute, second } = parts(now, timeZone);
  const elapsedMs = ((hour * 60 + minute) * 60 + second) * 1000 + now.getMilliseconds();
  let candidate = new Date(now.getTime() - elapsedMs + 24 * 3600_000);
  // A day of 23 or 25 hours (DST): step to the first instant whose local date is the next day.
  const today = localDay(now, timeZone);
  for (let i = 0; i < 4 && localDay(new Date(candidate.getTime() - 3600_000), timeZone) !== today; i++) {
    candidate = new Date(candidate.getTime() - 3600_000);
  }
  for (let i = 0; i < 4 && localDay(candidate, timeZone) === today; i++) candidate = new Date(candidate.getTime() + 3600_000);
  const local = parts(candidate, timeZone);
  return new Date(candidate.getTime() - (local.hour * 60 + local.minute) * 60_000 - local.second * 1000);
}

/** The local midnight that began the day containing `now` in `timeZone`. */
export function localDayStart(now: Date, timeZone = 'UTC'): Date {
  // A local day lasts 23 to 25 hours, so 26 hours before the next midnight lies in the day before,
  // and the next midnight after that instant is the one this day began with.
  const end = nextLocalMidnight(now, timeZone);
  return nextLocalMidnight(new Date(end.getTime() - 26 * 3600_000), timeZone);
}
