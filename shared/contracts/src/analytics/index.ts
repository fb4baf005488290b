// Contracts of the analytics the decoder service keeps for admins (zod-free; browsers import this module):
// the charts of the admin analytics page and the front-end error reports.

export const ANALYTICS_PATHS = {
  /**
   * Admins only, served by billing (the owner of payments): confirmed purchases, renewals, refunds and revenue
   * per plan and per provider over a period. The admin console asks billing itself (the decoder's summary only
   * holds what browsers report).
   */
  adminSales: '/api/billing/admin/sales',
  /** Admins only: daily event series, the funnel and front-end error counts over a period. */
  adminSummary: '/api/analytics/admin/summary',
  /** A remote that failed to load or crashed, reported once by the browser. */
  clientErrors: '/api/analytics/client-errors',
} as const;

/** Spec section 3: one analytics session id per browser session, kept under this sessionStorage key by every app. */
export const ANALYTICS_SESSION_KEY = 'keisha.analytics.session';

/**
 * What the chat remote records about its use (POST /api/analytics/track). The admin page charts every event
 * whose name starts with `chat_`. Properties are counts, enums and ids of plans, never what a person wrote.
 */
export const CHAT_EVENTS = {
  /** The chat view is shown (arriving on it, or back from its settings). */
  opened: 'chat_opened',
  /** A conversation was created: by its first message, or by New Chat. Properties: source. */
  sessionStarted: 'chat_session_started',
  /** The chat service accepted a message (it counts against the day). Properties: characters, new_conversation, plan, messages_today. */
  messageSent: 'chat_message_sent',
  /** Keisha's answer arrived in full. Properties: engine, status, regenerated, duration_ms. */
  replyCompleted: 'chat_reply_completed',
  /** No answer: refused before it started, an error event, or the connection lost. Properties: stage, status, code, regenerated. */
  replyFailed: 'chat_reply_failed',
  /** The reader pressed Stop (or Esc) while Keisha answered. Properties: regenerated. */
  replyStopped: 'chat_reply_stopped',
  /** Regenerate was pressed on the last answer. */
  replyRegenerated: 'chat_reply_regenerated',
  /** A saved conversation was opened from the side panel. Properties: messages. */
  conversationReopened: 'chat_conversation_reopened',
  /** A suggested question was chosen on the empty chat. Properties: topic. */
  suggestionChosen: 'chat_suggestion_chosen',
  /** A reply's article was handed to the news decoder. */
  articleToDecoder: 'chat_article_to_decoder',
  /** The daily limit's paywall was shown. Properties: plan, messages_today, daily_limit. */
  paywallShown: 'chat_paywall_shown',
  /** A paid plan was chosen in the chat's settings. Properties: plan, current_plan. */
  planSelected: 'chat_plan_selected',
  /** The chat's checkout was created and the reader is sent to pay. Properties: plan. */
  checkoutStarted: 'chat_checkout_started',
} as const;
export type ChatEventName = (typeof CHAT_EVENTS)[keyof typeof CHAT_EVENTS];

/**
 * Every event name the browsers send (POST /api/analytics/track); the route refuses any other with 400.
 * An app that starts recording a new event adds it here (a test reads the apps' sources and fails until it does).
 */
export const BROWSER_EVENTS = [
  // The shell: a route of the site was shown.
  'page_view',
  // The news decoder.
  'sign_up',
  'analysis_started',
  'analysis_completed',
  'analysis_failed',
  'usage_limit_reached',
  'history_reopened',
  'analysis_exported',
  'paywall_shown',
  'paywall_plan_selected',
  'payment_initiated',
  'payment_failed',
  'payment_confirmed',
  'component_crash',
  // /thank-you (spec section 7, Analytics tag). Browser reports only: purchases are counted from billing.
  'purchase',
  'conversion',
  'conversion_event_purchase',
  ...Object.values(CHAT_EVENTS),
] as const;
export type BrowserEventName = (typeof BROWSER_EVENTS)[number];

/**
 * Bounds of one browser event: its properties are a flat object of at most `keys` entries, names of at most
 * `keyLength` characters, strings of at most `stringLength`, and `bytes` of JSON in all (UTF-8). The largest
 * event the apps send is the decoder's crash report (message, 12 lines of component stack, user agent): about 3.3 KB.
 */
export const TRACK_LIMITS = { keys: 24, keyLength: 40, stringLength: 2048, bytes: 4096 } as const;

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
  /** The browser event of the step (all of the decoder's summary's steps are reported by browsers: unverified). */
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

/** Money figures of a set of payments confirmed by billing, in cents of USD. */
export interface SalesFigures {
  /** First payments of a plan confirmed in the period (a checkout paid, a Cash App payment approved). */
  purchases: number;
  /** Later payments of a renewing plan confirmed in the period (PayPal bills again). */
  renewals: number;
  /** Paid for the purchases and renewals of the period. */
  revenue_cents: number;
  /** Refunds recorded in the period, and what they gave back. */
  refunds: number;
  refunded_cents: number;
}

export interface PlanSales extends SalesFigures {
  product: 'decoder' | 'chat';
  tier: string;
}

export interface ProviderSales extends SalesFigures {
  provider: string;
}

/** GET ANALYTICS_PATHS.adminSales: what billing confirmed in the period. */
export interface SalesSummary extends SalesFigures {
  success: true;
  days: AnalyticsPeriod;
  time_zone: string;
  currency: 'USD';
  /** Every day of the period, oldest first, and the purchases confirmed on each. */
  dates: string[];
  daily_purchases: number[];
  by_plan: PlanSales[];
  by_provider: ProviderSales[];
}
