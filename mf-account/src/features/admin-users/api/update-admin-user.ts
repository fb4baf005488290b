import { ADMIN_PATHS, type AdminUserRow } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { changeBody, type UserChange } from '../domain/user-changes.ts';

export interface AdminUserResponse {
  success: true;
  user: AdminUserRow;
}

/** PATCH ADMIN_PATHS.user(id) with a role or a disabled flag; answers the account as it now is. */
export function updateAdminUser(id: string, change: UserChange): Promise<AdminUserResponse> {
  return session.request<AdminUserResponse>(ADMIN_PATHS.user(id), { method: 'PATCH', body: changeBody(change) });
}
