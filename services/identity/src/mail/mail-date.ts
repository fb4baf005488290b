/** A moment as mail says it: "27 November 2026, 08:30 UTC". */
export function mailDate(date: Date): string {
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, ${date.toISOString().slice(11, 16)} UTC`;
}

/** A day as a receipt says it: "Nov 28, 2026" (UTC), from an ISO time. */
export function mailDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
