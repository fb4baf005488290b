/** A moment as mail says it: "27 November 2026, 08:30 UTC". */
export function mailDate(date: Date): string {
  return `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, ${date.toISOString().slice(11, 16)} UTC`;
}
