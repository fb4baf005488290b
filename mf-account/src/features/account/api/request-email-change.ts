import { apiRequest } from '@keisha/contracts';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/**
 * POST AUTH_PATHS.emailChange: a confirmation link goes to the new address. A wrong password is a 401
 * INVALID_CREDENTIALS, so (as for a password change) it goes out with a fresh token, not session.request.
 */
export async function requestEmailChange(body: { new_email: string; password: string }): Promise<void> {
  const token = await session.accessToken();
  await apiRequest<{ success: true }>(AUTH_PATHS.emailChange, { method: 'POST', body, ...(token ? { token } : {}) });
}
