/** What a table shows when a value is unknown or could not be fetched: never a made-up value. */
export const MISSING_VALUE = '—';

const LOCALE = 'en-US';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 5, 2026', or '—' for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return MISSING_VALUE;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** 'Mar 5, 2026, 2:03 PM', or '—'. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return MISSING_VALUE;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    date,
  );
}

/** '1 person', '57 people': counts read as words, not as '57 person(s)'. */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString(LOCALE)} ${count === 1 ? singular : plural}`;
}
