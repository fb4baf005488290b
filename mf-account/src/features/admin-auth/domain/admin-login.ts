import { serverMessageOf } from '@keisha/contracts';
import { asApiError } from '../../../lib/api-error.ts';

/** Spec section 8 ("Admin login"): shown when the server gave no message of its own. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Spec section 5: both fields are required, and nothing is sent twice while a sign-in is under way. */
export function canSubmitAdminLogin({ email, password }: AdminCredentials, busy: boolean): boolean {
  return !busy && email.trim() !== '' && password !== '';
}

/** What is sent: the address without stray spaces; the password exactly as typed. */
export function adminLoginBody({ email, password }: AdminCredentials): AdminCredentials {
  return { email: email.trim(), password };
}

/** The server's own message when it sent one, otherwise 'An unexpected error occurred'. */
export function adminLoginErrorMessage(error: unknown): string {
  return serverMessageOf(asApiError(error)) ?? UNEXPECTED_ERROR_MESSAGE;
}

/** Held back by the throttle (too many failed sign-ins): the form then offers a one-time sign-in link. */
export function isThrottled(error: unknown): boolean {
  return asApiError(error)?.status === 429;
}
