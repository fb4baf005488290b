import { ADMIN_PATHS, type AdminUserRow } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { changeBody, type UserChange } from '../domain/user-changes.ts';

export interface AdminUserResponse {
  success: true;
  user: AdminUserRow;
}

/**
 * PATCH ADMIN_PATHS.user(id) with a role or a disabled flag (answers the account as it now is), or POST
 * its unlock (answers only success: the row does not change).
 */
export function updateAdminUser(id: string, change: UserChange): Promise<AdminUserResponse | { success: true; user?: undefined }> {
  if (change.kind === 'unlock') return session.request<{ success: true }>(ADMIN_PATHS.unlockUser(id), { method: 'POST', body: changeBody(change) });
  return session.request<AdminUserResponse>(ADMIN_PATHS.user(id), { method: 'PATCH', body: changeBody(change) });
}
