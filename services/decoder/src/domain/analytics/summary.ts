// From the aggregate rows of one query (per day and event, and per event for the whole period) to the
// admin page's series: one count for every day, zeros included, and the funnel's steps.
import type { EventSeries, FunnelStep } from '@keisha/contracts/analytics';

export interface EventCountRow {
  /** null on the period's total row of an event. */
  day: string | null;
  event: string;
  events: number;
  sessions: number;
}

/**
 * From a visit to a checkout, each step an event the browsers report. A step counts the browser sessions
 * that sent its event in the period (the session id every event carries), so ten page views by one reader
 * are one visit. These are browser reports (anyone can send them): unverified. The funnel's last step,
 * Purchased, is not here: purchases are billing's confirmed payments (GET /api/billing/admin/sales), never
 * the browsers' `purchase` events.
 */
export const FUNNEL: ReadonlyArray<{ event: string; label: string }> = [
  { event: 'page_view', label: 'Visited' },
  { event: 'analysis_completed', label: 'Analysed an article' },
  { event: 'paywall_shown', label: 'Saw the paywall' },
  // A checkout needs an account, so a guest signs up on the way.
  { event: 'sign_up', label: 'Signed up' },
  { event: 'payment_initiated', label: 'Started a checkout' },
];

export function eventSeries(rows: readonly EventCountRow[], dates: readonly string[]): EventSeries[] {
  const index = new Map(dates.map((day, i) => [day, i]));
  const byEvent = new Map<string, EventSeries>();
  const seriesOf = (event: string) => {
    let series = byEvent.get(event);
    if (!series) {
      series = { event, total: 0, sessions: 0, daily: dates.map(() => 0) };
      byEvent.set(event, series);
    }
    return series;
  };
  for (const row of rows) {
    const series = seriesOf(row.event);
    if (row.day === null) {
      series.total = row.events;
      series.sessions = row.sessions;
    } else {
      const i = index.get(row.day);
      if (i !== undefined) series.daily[i] = row.events;
    }
  }
  return [...byEvent.values()].sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
}

export function funnelSteps(series: readonly EventSeries[]): FunnelStep[] {
  const sessions = new Map(series.map((s) => [s.event, s.sessions]));
  return FUNNEL.map((step) => ({ ...step, sessions: sessions.get(step.event) ?? 0 }));
}

/** Counts per day aligned with `dates`, from rows of (day, count). */
export function dailyCounts(rows: ReadonlyArray<{ day: string; count: number }>, dates: readonly string[]): number[] {
  const counts = new Map(rows.map((row) => [row.day, row.count]));
  return dates.map((day) => counts.get(day) ?? 0);
}
