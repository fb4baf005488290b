import type { AnalyticsSummary, SalesSummary } from '@keisha/contracts/analytics';

type Envelope = 'success' | 'days' | 'time_zone' | 'dates';

/** A daily series over `dates` with `n` on the last day and nothing before it. */
export function onLastDay(dates: readonly string[], n: number): number[] {
  return dates.map((_, i) => (i === dates.length - 1 ? n : 0));
}

/** The analytics service's summary over `dates` (UTC days): its envelope around the events, funnel and errors given. */
export function analyticsSummary(days: AnalyticsSummary['days'], dates: string[], parts: Omit<AnalyticsSummary, Envelope>): AnalyticsSummary {
  return { success: true, days, time_zone: 'UTC', dates, ...parts };
}

/** Billing's sales summary over `dates` (UTC days, US dollars): its envelope around the figures given. */
export function salesSummary(days: SalesSummary['days'], dates: string[], parts: Omit<SalesSummary, Envelope | 'currency'>): SalesSummary {
  return { success: true, days, time_zone: 'UTC', currency: 'USD', dates, ...parts };
}

/** The analytics service's funnel steps and the label it gives each. */
const FUNNEL_LABELS = {
  page_view: 'Visited',
  analysis_completed: 'Analysed an article',
  paywall_shown: 'Saw the paywall',
  sign_up: 'Signed up',
  payment_initiated: 'Started a checkout',
} as const;

/** The service's funnel: a labelled step per event given, in the order given, with the sessions that reached it. */
export function funnelOf(sessions: Partial<Record<keyof typeof FUNNEL_LABELS, number>>): AnalyticsSummary['funnel'] {
  return (Object.keys(sessions) as (keyof typeof FUNNEL_LABELS)[]).map((event) => ({ event, label: FUNNEL_LABELS[event], sessions: sessions[event]! }));
}
