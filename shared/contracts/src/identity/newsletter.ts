// The daily newsletter of the Monthly plan (spec section 6: "Monthly subscriber ... daily newsletter").
// identity keeps who reads it and sends it through its mail outbox; billing says who has the plan; the
// decoder gives the automatic issue's term of the day and the reader's week.

export const NEWSLETTER_PATHS = {
  /** GET: the signed-in reader's choice and whether their plan includes it; PUT `{ subscribed }` changes it. */
  subscription: '/api/identity/newsletter/subscription',
  /** GET `?token=`: a page with one button; POST `?token=`: unsubscribes (RFC 8058 one-click, no sign-in). */
  unsubscribe: '/api/identity/newsletter/unsubscribe',
} as const;

export const ADMIN_NEWSLETTER_PATHS = {
  /** GET: issues written by administrators and what went out, day by day. */
  overview: '/api/identity/admin/newsletter',
  /** POST: write and schedule an issue for a day. */
  issues: '/api/identity/admin/newsletter/issues',
  /** PUT: change a scheduled issue; DELETE: withdraw it (only before it went out). */
  issue: (id: string) => `/api/identity/admin/newsletter/issues/${encodeURIComponent(id)}`,
  /** POST: send today's newsletter now to the readers who have not had it (instead of waiting for the hour). */
  run: '/api/identity/admin/newsletter/run',
} as const;

/** The decoder plans that include the newsletter: Monthly and up (the chat plans are not decoder plans). */
export const NEWSLETTER_PLANS = ['monthly', 'annual'] as const;

export type NewsletterFormat = 'markdown' | 'text';

export interface NewsletterSubscription {
  subscribed: boolean;
  /**
   * Whether the reader's plan includes the newsletter (false: subscribed readers get nothing until it does);
   * null when billing could not say just now.
   */
  included: boolean | null;
  /** UTC hour of the day the newsletter goes out. */
  send_hour_utc: number;
}

export interface NewsletterIssue {
  id: string;
  /** The UTC day it goes out, YYYY-MM-DD. */
  day: string;
  subject: string;
  body: string;
  format: NewsletterFormat;
  created_at: string;
  updated_at: string;
  /** Messages queued for it: 0 until its day's run. */
  recipients: number;
  sent: number;
  pending: number;
  failed: number;
}

export interface NewsletterDay {
  day: string;
  /** 'issue' when an administrator's issue went out that day, 'automatic' otherwise. */
  kind: 'issue' | 'automatic';
  subject: string;
  recipients: number;
  sent: number;
  pending: number;
  failed: number;
}

/** Strings the account page and the admin console show. */
export const NEWSLETTER_TEXT = {
  heading: 'Daily newsletter',
  toggle: 'Send me the daily newsletter',
  included: 'Every morning: the coded term of the day with its explanation, your week of analyses, or an issue from our editors.',
  notIncluded: 'The daily newsletter comes with the Monthly and Annual plans. You can opt in now; it starts when your plan includes it.',
  subscribed: 'You will get the daily newsletter.',
  /** Opted in on a plan without it (Free): nothing is sent until a plan includes it. */
  subscribedNotIncluded: 'You are signed up for the daily newsletter. It starts when your plan includes it.',
  unsubscribed: 'You will not get the daily newsletter.',
  unsubscribeDone: 'You are unsubscribed from the Keisha daily newsletter.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

export const NEWSLETTER_ERRORS = {
  dayTaken: 'ISSUE_DAY_TAKEN',
  alreadySent: 'ISSUE_ALREADY_SENT',
  runInProgress: 'RUN_IN_PROGRESS',
  invalidLink: 'INVALID_LINK',
} as const;

/** The longest issue body an administrator may write, in characters. */
export const NEWSLETTER_BODY_MAX = 20_000;
