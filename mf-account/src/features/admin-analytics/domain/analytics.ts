// What the admin analytics page draws: the summary from the decoder service (what browsers report) cut into
// charts of related events, each with the rows of its table view; billing's sales (what was paid); and the
// funnel from a visit to a purchase with its conversion rates, each step saying where its figure comes from.
import { ANALYTICS_PATHS, CHAT_EVENTS, type AnalyticsPeriod, type AnalyticsSummary, type EventSeries, type FunnelStep, type SalesSummary } from '@keisha/contracts/analytics';

export function analyticsSummaryPath(days: AnalyticsPeriod, timeZone: string): string {
  return `${ANALYTICS_PATHS.adminSummary}?days=${days}&time_zone=${encodeURIComponent(timeZone)}`;
}

export function salesSummaryPath(days: AnalyticsPeriod, timeZone: string): string {
  return `${ANALYTICS_PATHS.adminSales}?days=${days}&time_zone=${encodeURIComponent(timeZone)}`;
}

/** Browsers send events as they please (anyone can forge or block them): their figures are labelled so. */
export const UNVERIFIED = 'Reported by browsers (unverified)';
/** Purchases and revenue: the payments billing confirmed. */
export const FROM_BILLING = 'Confirmed payments (billing)';

/** The browser's time zone, so a day on the charts is the admin's own day. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const EVENT_LABELS: Record<string, string> = {
  page_view: 'Page views',
  sign_up: 'Sign-ups',
  analysis_started: 'Analyses started',
  analysis_completed: 'Analyses completed',
  analysis_failed: 'Analyses failed',
  usage_limit_reached: 'Daily limit reached',
  history_reopened: 'History reopened',
  analysis_exported: 'Analyses exported',
  paywall_shown: 'Paywall shown',
  paywall_plan_selected: 'Plan selected on the paywall',
  payment_initiated: 'Checkouts started',
  payment_failed: 'Checkouts failed',
  payment_confirmed: 'Payments confirmed',
  purchase: 'Purchases (browser reports)',
  conversion: 'Conversions (browser reports)',
  conversion_event_purchase: 'Conversion purchases (browser reports)',
  component_crash: 'Component crashes',
  [CHAT_EVENTS.opened]: 'Chat opened',
  [CHAT_EVENTS.sessionStarted]: 'Conversations started',
  [CHAT_EVENTS.messageSent]: 'Messages sent',
  [CHAT_EVENTS.replyCompleted]: 'Answers completed',
  [CHAT_EVENTS.replyFailed]: 'Answers failed',
  [CHAT_EVENTS.replyStopped]: 'Answers stopped',
  [CHAT_EVENTS.replyRegenerated]: 'Answers regenerated',
  [CHAT_EVENTS.conversationReopened]: 'Conversations reopened',
  [CHAT_EVENTS.suggestionChosen]: 'Suggestions chosen',
  [CHAT_EVENTS.articleToDecoder]: 'Articles sent to the decoder',
  [CHAT_EVENTS.paywallShown]: 'Chat paywall shown',
  [CHAT_EVENTS.planSelected]: 'Chat plans chosen',
  [CHAT_EVENTS.checkoutStarted]: 'Chat checkouts started',
};

export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event.replaceAll('_', ' ');
}

export interface ChartGroup {
  id: string;
  title: string;
  description: string;
  includes: (event: string) => boolean;
}

const among = (events: string[]) => (event: string) => events.includes(event);

/** The charts of the page, in order; an event no chart names goes to the last one. */
export const CHART_GROUPS: ChartGroup[] = [
  { id: 'visits', title: 'Visits and sign-ups', description: 'Pages viewed and accounts created, per day.', includes: among(['page_view', 'sign_up']) },
  {
    id: 'usage',
    title: 'Decoder usage',
    description: 'Analyses run in the news decoder, and readers who used up their day.',
    includes: among(['analysis_started', 'analysis_completed', 'analysis_failed', 'usage_limit_reached', 'history_reopened', 'analysis_exported']),
  },
  {
    id: 'paywall',
    title: 'Paywall and purchases',
    description: 'The paywall shown, plans chosen, checkouts and purchases, per day.',
    includes: among(['paywall_shown', 'paywall_plan_selected', 'payment_initiated', 'payment_failed', 'payment_confirmed', 'purchase', 'conversion', 'conversion_event_purchase']),
  },
  { id: 'chat', title: 'Chat', description: 'Use of the chat assistant, per day.', includes: (event) => event.startsWith('chat_') },
];

export const OTHER_GROUP: ChartGroup = { id: 'other', title: 'Other events', description: 'Every other event the site records, per day.', includes: () => true };

export interface ChartData {
  group: ChartGroup;
  series: EventSeries[];
}

/** Each chart with its events (busiest first); a chart with no event in the period has no series. */
export function chartsOf(summary: AnalyticsSummary): ChartData[] {
  const placed = new Set<string>();
  const charts = CHART_GROUPS.map((group) => {
    const series = summary.events.filter((s) => group.includes(s.event));
    for (const s of series) placed.add(s.event);
    return { group, series };
  });
  const rest = summary.events.filter((s) => !placed.has(s.event));
  return rest.length > 0 ? [...charts, { group: OTHER_GROUP, series: rest }] : charts;
}

/** One row per day of a chart's table view: the date and a count per series. */
export function tableRows(dates: readonly string[], series: ReadonlyArray<{ daily: number[] }>): Array<{ date: string; counts: number[] }> {
  return dates.map((date, i) => ({ date, counts: series.map((s) => s.daily[i] ?? 0) }));
}

export interface FunnelRow {
  event: string;
  label: string;
  /** Browser sessions that reached a browser step; confirmed purchases for Purchased (null: billing did not answer). */
  count: number | null;
  source: 'browser' | 'billing';
  /** Share of the first step's count, 0..1 (null when nobody visited or the count is unknown). */
  ofFirst: number | null;
  /** Share of the previous step's count (null for the first step, or when either is unknown or zero). */
  ofPrevious: number | null;
}

/** The funnel's last step: purchases billing confirmed, never the browsers' purchase events. */
export const PURCHASED_STEP = { event: 'billing_purchases', label: 'Purchased' } as const;

/**
 * The browsers' steps (sessions) then Purchased (billing's confirmed purchases; null while billing has not
 * answered or could not), with the share of visits and of the step before.
 */
export function funnelRows(steps: readonly FunnelStep[], purchases: number | null): FunnelRow[] {
  const all: Array<Omit<FunnelRow, 'ofFirst' | 'ofPrevious'>> = [
    ...steps.map((step) => ({ event: step.event, label: step.label, count: step.sessions, source: 'browser' as const })),
    { ...PURCHASED_STEP, count: purchases, source: 'billing' as const },
  ];
  const first = all[0]?.count ?? 0;
  return all.map((step, i) => {
    const previous = i > 0 ? all[i - 1]!.count : null;
    return {
      ...step,
      ofFirst: step.count !== null && first ? step.count / first : null,
      ofPrevious: step.count !== null && previous ? step.count / previous : null,
    };
  });
}

export function sourceLabel(source: FunnelRow['source']): string {
  return source === 'billing' ? FROM_BILLING : UNVERIFIED;
}

/** '$1,234.50' from cents of USD. */
export function money(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

const PROVIDER_LABELS: Record<string, string> = {
  sandbox: 'Sandbox (no real money)',
  coinbase: 'Coinbase (Bitcoin)',
  paypal: 'PayPal',
  cashapp: 'Cash App',
};

export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? provider;
}

/** 'Decoder Monthly', 'Chat Pro'. */
export function planLabel(product: string, tier: string): string {
  const word = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
  return `${word(product)} ${word(tier)}`;
}

/** Revenue after refunds, the figure an admin reads first. */
export function netRevenue(sales: Pick<SalesSummary, 'revenue_cents' | 'refunded_cents'>): number {
  return sales.revenue_cents - sales.refunded_cents;
}

export function percent(share: number | null): string {
  if (share === null) return '—';
  return `${(share * 100).toFixed(share > 0 && share < 0.1 ? 1 : 0)}%`;
}
