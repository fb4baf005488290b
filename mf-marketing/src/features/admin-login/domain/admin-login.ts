import { ApiError, serverMessageOf } from '@keisha/contracts';
import { AUTH_ERRORS } from '@keisha/contracts/identity';

/** Spec section 8 ("Admin login"): shown when the server gave no message of its own. */
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Spec section 5: both fields are required. */
export function isCompleteAdminLogin({ email, password }: AdminCredentials): boolean {
  return email.trim() !== '' && password !== '';
}

/** What is sent: the address without stray spaces, the password exactly as typed. */
export function adminLoginBody({ email, password }: AdminCredentials): AdminCredentials {
  return { email: email.trim(), password };
}

/**
 * The session lives in the shared store, so the ApiError it throws may come from another app's copy
 * of '@keisha/contracts' (a different class): take it by its fields, as this app's own ApiError.
 */
function asApiError(error: unknown): unknown {
  if (error instanceof ApiError || typeof error !== 'object' || error === null) return error;
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: unknown };
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') return error;
  return new ApiError(status, code, message);
}

/** The server's own message when it sent one, otherwise 'An unexpected error occurred'. */
export function adminLoginErrorMessage(error: unknown): string {
  return serverMessageOf(asApiError(error)) ?? UNEXPECTED_ERROR_MESSAGE;
}

/** Whether the server refused the email and password themselves (not a network failure or a lock): both fields are then in error. */
export function isWrongCredentials(error: unknown): boolean {
  const api = asApiError(error);
  return api instanceof ApiError && api.code === AUTH_ERRORS.invalidCredentials;
}
