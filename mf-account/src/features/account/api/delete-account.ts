import { apiRequest } from '@keisha/contracts';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/**
 * POST AUTH_PATHS.deleteAccount: deletes the signed-in account for good and ends every session of it. A wrong
 * password is a 401 INVALID_CREDENTIALS, so (as for a password change) it goes out with a fresh token, not through
 * session.request, whose 401 handling would refresh the session and send the same wrong password again.
 */
export async function deleteAccount(body: { password: string }): Promise<void> {
  const token = await session.accessToken();
  await apiRequest<{ success: true }>(AUTH_PATHS.deleteAccount, { method: 'POST', body, ...(token ? { token } : {}) });
}
