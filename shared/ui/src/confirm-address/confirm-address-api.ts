// Identity's two calls behind the "confirm your address" notice: whether the account has confirmed its
// e-mail address, and a new confirmation link (identity throttles it: at most one a minute, a few a day).
import { AUTH_PATHS, type AccountUser } from '@keisha/contracts/identity';
import { session } from '@keisha/store';

/** Whether the signed-in account's address is confirmed, by identity's account record (not the token's). */
export async function addressConfirmed(signal?: AbortSignal): Promise<boolean> {
  const body = await session.request<{ user: AccountUser }>(AUTH_PATHS.me, signal ? { signal } : {});
  return body.user.email_verified !== false;
}

export async function sendConfirmationLink(): Promise<void> {
  await session.request(AUTH_PATHS.verifyEmailResend, { method: 'POST', body: {} });
}
