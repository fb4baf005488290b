import { ADMIN_SUPPORT_PATHS, type AdminSupportRequest, type SupportStatus } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { supportRequestsPath, type AdminSupportRequestsResponse } from '../domain/support-requests.ts';

/** GET one page of the support requests of one status (admins only). */
export function getSupportRequests(page: number, status: SupportStatus, signal?: AbortSignal): Promise<AdminSupportRequestsResponse> {
  return session.request<AdminSupportRequestsResponse>(supportRequestsPath(page, status), signal ? { signal } : {});
}

/** POST: mark one answered (again: nothing changes). */
export async function markSupportRequestAnswered(id: string): Promise<AdminSupportRequest> {
  return (await session.request<{ success: true; request: AdminSupportRequest }>(ADMIN_SUPPORT_PATHS.answered(id), { method: 'POST', body: {} })).request;
}

/** POST: answer an open request from the console; identity keeps the reply and mails it (409 when answered first). */
export async function replyToSupportRequest(id: string, reply: string): Promise<AdminSupportRequest> {
  return (await session.request<{ success: true; request: AdminSupportRequest }>(ADMIN_SUPPORT_PATHS.reply(id), { method: 'POST', body: { reply } })).request;
}
