// Support requests as the admin console shows them: identity's GET /api/identity/admin/support/requests
// (open ones priority first, then the longest waiting; answered ones the latest answer first).
import { ADMIN_SUPPORT_PATHS, type AdminSupportRequest, type SupportStatus } from '@keisha/contracts/identity';
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

/** A reply from the administrator's own mail program, to the address the request came from. */
export function replyLink(request: Pick<AdminSupportRequest, 'email' | 'subject'>): string {
  return `mailto:${request.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
}

/** The plan column: the plan's name, "unknown" when billing could not say (kept as priority), or "Free". */
export function planLabel(request: Pick<AdminSupportRequest, 'plan' | 'priority'>): string {
  return request.plan ?? (request.priority ? 'Unknown (billing could not say)' : 'Free');
}
