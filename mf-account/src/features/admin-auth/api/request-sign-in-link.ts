import { apiRequest } from '@keisha/contracts';
import { AUTH_PATHS } from '@keisha/contracts/identity';

/** POST AUTH_PATHS.unlockRequest: a one-time sign-in link back to /admin; the same answer whether or not the address has an account. */
export async function requestSignInLink(email: string): Promise<void> {
  await apiRequest<{ success: true }>(AUTH_PATHS.unlockRequest, { method: 'POST', body: { email: email.trim(), next: '/admin' } });
}
