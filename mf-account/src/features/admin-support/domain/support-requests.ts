// Support requests as the admin console shows them: identity's GET /api/identity/admin/support/requests
// (open ones priority first, then the longest waiting; answered ones the latest answer first).
import { fieldOfError, isBlankText } from '@keisha/contracts';
import { ADMIN_SUPPORT_PATHS, SUPPORT_ERRORS, SUPPORT_REPLY_MAX, SUPPORT_TEXT, type AdminSupportRequest, type SupportStatus } from '@keisha/contracts/identity';
import { asApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { pathWithQuery } from '../../../lib/query-string.ts';

export const SUPPORT_PAGE_SIZE = 50;

export interface AdminSupportRequestsResponse {
  success: true;
  requests: AdminSupportRequest[];
  total: number;
  page: number;
  page_size: number;
}

export const STATUS_TABS: readonly { status: SupportStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'answered', label: 'Answered' },
];

export function supportRequestsPath(page: number, status: SupportStatus, pageSize = SUPPORT_PAGE_SIZE): string {
  return pathWithQuery(ADMIN_SUPPORT_PATHS.requests, { status, page, page_size: pageSize });
}

/** A reply from the administrator's own mail program, to the address the request came from (besides the console's own). */
export function replyLink(request: Pick<AdminSupportRequest, 'email' | 'subject'>): string {
  return `mailto:${request.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
}

/** The plan column: the plan's name, "unknown" when billing could not say (kept as priority), or "Free". */
export function planLabel(request: Pick<AdminSupportRequest, 'plan' | 'priority'>): string {
  return request.plan ?? (request.priority ? 'Unknown (billing could not say)' : 'Free');
}

/** How much of a message or an answer the lists show before "Show all": a few lines, so the table stays readable. */
export const TEXT_PREVIEW = { chars: 240, lines: 4 } as const;

/**
 * The start of a long message or answer for the lists: its first lines and characters, cut after a word when one
 * ends near the limit, and an ellipsis; null when the whole text fits (it is shown as it is).
 */
export function textPreview(reply: string, limit: { chars: number; lines: number } = TEXT_PREVIEW): string | null {
  const firstLines = reply.split('\n').slice(0, limit.lines).join('\n');
  if (firstLines.length === reply.length && reply.length <= limit.chars) return null;
  let cut = firstLines.slice(0, limit.chars);
  if (cut.length < firstLines.length && !/\s/.test(firstLines[cut.length]!)) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace > limit.chars * 0.6) cut = cut.slice(0, lastSpace);
  }
  // Never half of a character that takes two code units (an emoji).
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The console's answer: the same rules as identity's (contracts), so the dialog never sends what the service refuses. */
export function replyErrors({ reply }: { reply: string }): { reply?: string } {
  if (isBlankText(reply)) return { reply: SUPPORT_TEXT.blankReply };
  if (reply.length > SUPPORT_REPLY_MAX) return { reply: SUPPORT_TEXT.replyTooLong };
  return {};
}

/** A refusal that names the reply (blank or too long after all) is the field's; the others are the dialog's. */
export function replyErrorField(error: unknown): 'reply' | undefined {
  return fieldOfError(asApiError(error)) === 'reply' ? 'reply' : undefined;
}

/** identity's reason (answered first by someone else, gone), or a fallback naming the request. */
export function replyErrorMessage(error: unknown, subject: string): string {
  return errorMessage(error, `Could not send your reply to “${subject}”. Please try again.`);
}

/** Someone answered it first: the list is out of date and is asked again. */
export function answeredMeanwhile(error: unknown): boolean {
  const apiError = asApiError(error);
  return apiError?.code === SUPPORT_ERRORS.alreadyAnswered || apiError?.status === 404;
}
