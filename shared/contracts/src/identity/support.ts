// Support requests (spec section 6: the decoder's Monthly and Annual plans sell "Priority support").
// identity keeps the requests and mails them; billing says whose plan is Monthly or Annual; the account
// page sends them and the admin console answers them.

export const SUPPORT_PATHS = {
  /** POST: send a request (signed in); GET: the reader's own requests, newest first, paged. */
  requests: '/api/identity/support/requests',
} as const;

export const ADMIN_SUPPORT_PATHS = {
  /** GET `?status=open|answered`: open ones priority first then oldest first; answered ones newest answer first. */
  requests: '/api/identity/admin/support/requests',
  /** POST: mark one answered (again: nothing changes), for a request answered outside the console. */
  answered: (id: string) => `/api/identity/admin/support/requests/${encodeURIComponent(id)}/answered`,
  /** POST `{ reply }`: answer an open request from the console: the reply is kept with it and mailed to the reader. */
  reply: (id: string) => `/api/identity/admin/support/requests/${encodeURIComponent(id)}/reply`,
} as const;

/** The decoder plans whose readers' requests are answered first. */
export const PRIORITY_SUPPORT_PLANS = ['monthly', 'annual'] as const;

/** The plan's name as a request keeps it ("plan at the time"). */
export const SUPPORT_PLAN_LABELS: Readonly<Record<(typeof PRIORITY_SUPPORT_PLANS)[number], string>> = {
  monthly: 'Decoder Monthly',
  annual: 'Decoder Annual',
};

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_MESSAGE_MAX = 5000;
export const SUPPORT_REPLY_MAX = 10_000;

export type SupportStatus = 'open' | 'answered';

/** A request as its sender and the administrators see it. */
export interface SupportRequest {
  id: string;
  subject: string;
  message: string;
  priority: boolean;
  /** 'Decoder Annual', 'Decoder Monthly', or null: a free plan, or billing could not say (priority kept). */
  plan: string | null;
  status: SupportStatus;
  created_at: string;
  answered_at: string | null;
  /** The answer written in the console and mailed to the reader; null while open, or when it was answered by e-mail. */
  reply: string | null;
}

/** What the reader's plan gives now (the account page says it before a request is sent). */
export interface SupportLevel {
  priority: boolean;
  /** 'Decoder Annual' or 'Decoder Monthly'; null with priority: billing could not say just now. */
  plan: string | null;
}

/** The reader's requests, newest first, and what the plan gives now. */
export interface SupportRequestsPage {
  success: true;
  requests: SupportRequest[];
  total: number;
  page: number;
  page_size: number;
  level: SupportLevel;
}

/** What the administrators see besides: who sent it (the address at the time). */
export interface AdminSupportRequest extends SupportRequest {
  email: string;
  user_id: string;
}

/** How soon we answer: the account page and the receipt mail say the same words. */
export const SUPPORT_REPLY_TIME = {
  priority: 'within one business day',
  standard: 'within three business days',
} as const;

/** Strings the account page, the receipt and the admin console show. */
export const SUPPORT_TEXT = {
  heading: 'Contact support',
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  send: 'Send request',
  sending: 'Sending…',
  priority: (plan: string) => `Priority support: your ${plan} plan's requests are answered first, ${SUPPORT_REPLY_TIME.priority}.`,
  priorityPlanUnknown: `Priority support: your requests are answered first, ${SUPPORT_REPLY_TIME.priority}.`,
  standard: `We answer requests ${SUPPORT_REPLY_TIME.standard}.`,
  upgrade: 'Monthly and Annual plans include priority support.',
  received: (reply: string) => `We received your request. We will answer by e-mail ${reply}.`,
  pastHeading: 'Your requests',
  noRequests: 'You have not sent a request yet.',
  statusOpen: 'Open',
  statusAnswered: 'Answered',
  priorityBadge: 'Priority',
  blankSubject: 'Write a subject',
  subjectTooLong: `The subject is too long: at most ${SUPPORT_SUBJECT_MAX} characters`,
  blankMessage: 'Write your message',
  messageTooLong: `The message is too long: at most ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`,
  tooMany: 'You have sent many requests in the last hour. Please wait a little before sending another.',
  notFound: 'No such support request',
  /** The reader's list: a request answered from the console shows the answer under it. */
  replyHeading: 'Our answer',
  /** The console. */
  replyButton: 'Reply…',
  replyLabel: 'Your reply',
  replyHint: 'It is sent to the reader by e-mail and shown with the request on their account page.',
  sendReply: 'Send reply',
  sendingReply: 'Sending…',
  cancelReply: 'Cancel',
  replied: (email: string) => `Your reply was sent to ${email}.`,
  blankReply: 'Write your reply',
  replyTooLong: `The reply is too long: at most ${SUPPORT_REPLY_MAX.toLocaleString('en-US')} characters`,
  alreadyAnswered: 'This request has already been answered, so no reply was sent. Reload the list to see it.',
} as const;

export const SUPPORT_ERRORS = {
  rateLimited: 'RATE_LIMITED',
  notFound: 'NOT_FOUND',
  /** 409: a reply to a request another administrator (or an e-mail) answered first. */
  alreadyAnswered: 'ALREADY_ANSWERED',
} as const;
