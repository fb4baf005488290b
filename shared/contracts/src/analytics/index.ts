// Contracts of the analytics the decoder service keeps for admins (zod-free; browsers import this module):
// the charts of the admin analytics page and the front-end error reports.

export const ANALYTICS_PATHS = {
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
