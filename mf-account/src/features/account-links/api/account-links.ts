// The identity calls of the pages our messages link to. None needs a session: the link's token is the proof.
import { apiRequest } from '@keisha/contracts';
import { AUTH_PATHS, type AuthSuccess } from '@keisha/contracts/identity';

export async function verifyEmail(token: string): Promise<void> {
  await apiRequest<{ success: true }>(AUTH_PATHS.verifyEmail, { method: 'POST', body: { token } });
}

/** The same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<{ success: true }>(AUTH_PATHS.passwordResetRequest, { method: 'POST', body: { email: email.trim() } });
}

/** Resolves when the reset link can still be used; rejects with identity's reason (400, 409, 410) when not. */
export async function checkResetLink(token: string): Promise<void> {
  await apiRequest<{ success: true }>(AUTH_PATHS.passwordResetCheck, { method: 'POST', body: { token } });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiRequest<{ success: true }>(AUTH_PATHS.passwordReset, { method: 'POST', body: { token, new_password: newPassword } });
}

export async function confirmEmailChange(token: string): Promise<string> {
  const answer = await apiRequest<{ success: true; email: string }>(AUTH_PATHS.emailChangeConfirm, { method: 'POST', body: { token } });
  return answer.email;
}

/** Signs this browser in (identity sets the refresh cookie); the page then reloads into the session. */
export async function signInWithLink(token: string): Promise<AuthSuccess> {
  return apiRequest<AuthSuccess>(AUTH_PATHS.unlock, { method: 'POST', body: { token } });
}
