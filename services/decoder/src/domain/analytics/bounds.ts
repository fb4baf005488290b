// How much of the browsers' analytics the decoder keeps: a cap on events and bytes per UTC day, and a
// retention period after which rows are deleted. Pure: the clock is given.

export interface AnalyticsBounds {
  /** Browser events accepted per UTC day, all addresses together. */
  dailyEvents: number;
  /** Bytes of event names and properties accepted per UTC day (UTF-8 JSON). */
  dailyBytes: number;
  /** Events accepted from one address per UTC day: no address can fill the site's day alone. */
  dailyEventsPerAddress: number;
  /** Days an event or a front-end error report is kept. */
  retentionDays: number;
}

/** What one event weighs against the day's byte cap: its name and its properties as stored. */
export function eventBytes(event: string, propertiesJson: string): number {
  return Buffer.byteLength(event, 'utf8') + Buffer.byteLength(propertiesJson, 'utf8');
}

/** The UTC day (YYYY-MM-DD) the daily cap counts `now` in. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Seconds until the next UTC day, when the cap opens again (at least 1). */
export function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Rows created before this instant are deleted. `retentionDays` of 90 keeps the whole of the admin page's
 * longest period (the last 90 local days, today included, start after now minus 90 days in any time zone).
 */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}
