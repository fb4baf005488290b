// Contracts of the analytics the decoder service keeps for admins (zod-free; browsers import this module):
// the charts of the admin analytics page and the front-end error reports.

export const ANALYTICS_PATHS = {
  /** Admins only: daily event series, the funnel and front-end error counts over a period. */
  adminSummary: '/api/analytics/admin/summary',
  /** A remote that failed to load or crashed, reported once by the browser. */
  clientErrors: '/api/analytics/client-errors',
} as const;

/** The periods the admin page offers, in days ending today. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Bounds of a front-end error report: short enough to keep, too short to carry a page of anything. */
export const CLIENT_ERROR_LIMITS = { remote: 32, version: 40, route: 200, message: 500 } as const;

export type ClientErrorKind = 'load' | 'crash';

/** What the shell sends when a remote fails: no user id, no address, no query string. */
export interface ClientErrorReport {
  remote: string;
  version: string;
  /** The path only (no query, no fragment). */
  route: string;
  kind: ClientErrorKind;
  message: string;
}

export interface EventSeries {
  event: string;
  /** Events in the period. */
  total: number;
  /** Distinct browser sessions that sent it in the period. */
  sessions: number;
  /** One count per entry of `dates`. */
  daily: number[];
}

export interface FunnelStep {
  event: string;
  label: string;
  /** Distinct browser sessions that sent the step's event in the period. */
  sessions: number;
}

export interface ClientErrorGroup {
  remote: string;
  version: string;
  kind: ClientErrorKind;
  message: string;
  count: number;
  last_seen: string;
}

export interface AnalyticsSummary {
  success: true;
  days: AnalyticsPeriod;
  time_zone: string;
  /** Every day of the period, oldest first (YYYY-MM-DD in `time_zone`). */
  dates: string[];
  events: EventSeries[];
  funnel: FunnelStep[];
  client_errors: { total: number; daily: number[]; top: ClientErrorGroup[] };
}
