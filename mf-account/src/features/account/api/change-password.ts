import { apiRequest } from '@keisha/contracts';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/**
 * POST AUTH_PATHS.changePassword. It answers 401 INVALID_CREDENTIALS for a wrong current password,
 * so it goes out with a fresh token but not through session.request, whose 401 handling would
 * refresh the session and send the same wrong password again.
 */
export async function changePassword(body: { current_password: string; new_password: string }): Promise<void> {
  const token = await session.accessToken();
  await apiRequest<{ success: true }>(AUTH_PATHS.changePassword, { method: 'POST', body, ...(token ? { token } : {}) });
}
