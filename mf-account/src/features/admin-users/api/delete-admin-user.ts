import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/**
 * POST ADMIN_PATHS.deleteUser(id) with the account's address as the administrator typed it (identity's
 * adminDeleteUserBody): deletes a reader's account for good, as the reader's own deletion does.
 */
export function deleteAdminUser(id: string, confirmEmail: string): Promise<{ success: true }> {
  return session.request<{ success: true }>(ADMIN_PATHS.deleteUser(id), { method: 'POST', body: { confirm_email: confirmEmail } });
}
