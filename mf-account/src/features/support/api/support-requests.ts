import { SUPPORT_PATHS, type SupportRequest, type SupportRequestsPage } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { pathWithQuery } from '../../../lib/query-string.ts';

/** How many of the reader's requests the account page lists. */
export const SUPPORT_LIST_SIZE = 20;

/** GET: the reader's requests, newest first, and whether the plan gives priority now. */
export function getSupportRequests(signal?: AbortSignal): Promise<SupportRequestsPage> {
  return session.request<SupportRequestsPage>(pathWithQuery(SUPPORT_PATHS.requests, { page: 1, page_size: SUPPORT_LIST_SIZE }), signal ? { signal } : {});
}

/** POST: send a request; the stored request comes back (with its priority). */
export async function sendSupportRequest(input: { subject: string; message: string }): Promise<SupportRequest> {
  return (await session.request<{ success: true; request: SupportRequest }>(SUPPORT_PATHS.requests, { method: 'POST', body: input })).request;
}
