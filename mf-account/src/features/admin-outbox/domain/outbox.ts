// The mail outbox as the admin console shows it: identity's GET /api/identity/admin/outbox (newest first).
import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { totalLabel } from '../../../lib/pagination.ts';
import { pathWithQuery } from '../../../lib/query-string.ts';

export const OUTBOX_PAGE_SIZE = 20;

export type OutboxStatus = 'pending' | 'sent' | 'failed';
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'failed'];

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
  /** Its text is still kept (the outbox empties it after MAIL_BODY_RETENTION_DAYS). */
  body_kept: boolean;
}

export interface AdminOutboxResponse {
  success: true;
  messages: OutboxMessage[];
  /** Counted up to a cap (10,000 today): */
  total: number;
  /** true when there are more than `total` (identity stopped counting). Absent from an identity older than the cap. */
  total_capped?: boolean;
  page: number;
  page_size: number;
}

/** How many messages a status has, as far as identity counts. */
export interface OutboxCount {
  count: number;
  capped: boolean;
}

/** The "All" filter's count: the statuses' counts added, capped when any of them is. */
export function sumCounts(counts: readonly OutboxCount[]): OutboxCount {
  return { count: counts.reduce((sum, one) => sum + one.count, 0), capped: counts.some((one) => one.capped) };
}

/** '3', '10,000+'. */
export function countText({ count, capped }: OutboxCount): string {
  return totalLabel(count, capped);
}

/** '1 message', '3 messages', '10,000+ messages'. */
export function messagesLabel(counted: OutboxCount): string {
  return `${countText(counted)} ${counted.count === 1 && !counted.capped ? 'message' : 'messages'}`;
}

/** One page of the outbox, of one status or of all. */
export function outboxPath(page: number, status?: OutboxStatus, pageSize = OUTBOX_PAGE_SIZE): string {
  return pathWithQuery(ADMIN_PATHS.outbox, { page, page_size: pageSize, status });
}

export const STATUS_LABELS: Record<OutboxStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };

export function statusTone(status: OutboxStatus): 'neutral' | 'success' | 'danger' {
  return status === 'sent' ? 'success' : status === 'failed' ? 'danger' : 'neutral';
}

/** What each kind of message is for; a kind this console does not know yet is shown as identity names it. */
const KIND_LABELS: Record<string, string> = {
  'verify-email': 'Address confirmation',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed notice',
  'account-deleted': 'Account deleted notice',
  unlock: 'Sign-in link',
  'email-change': 'New address confirmation',
  'email-change-taken': 'Address already in use',
  'email-changed': 'Address changed notice',
  'account-attacked': 'Attack warning',
  newsletter: 'Newsletter',
  'support-receipt': 'Support request receipt',
  'support-notice': 'Support request notice',
  'support-reply': 'Support answer',
  receipt: 'Payment receipt',
  'plan-cancelled': 'Plan will not renew',
  refund: 'Refund notice',
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}

/** A message that failed every attempt can be sent again while its text is kept. */
export function canSendAgain(message: Pick<OutboxMessage, 'status' | 'body_kept'>): boolean {
  return message.status === 'failed' && message.body_kept;
}

/** What a refused "Send again" says: identity's reason, or a fallback naming the message. */
export const sendAgainFailedMessage = (to: string): string => `Could not send the message to ${to} again. Please try again.`;
