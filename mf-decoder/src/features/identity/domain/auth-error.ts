import { AUTH_MESSAGES } from '@keisha/contracts/identity';
import type { AuthMode } from './credentials.ts';

// Spec section 8 ("Decoder login", "Decoder register"): what a failed sign-in or sign-up shows.
export const LOGIN_MESSAGES = {
  network: 'Unable to connect to authentication server. Please check your internet connection and try again.',
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  tooManyAttempts: AUTH_MESSAGES.tooManyAttempts,
  failed: (status: number) => `Login failed (${status})`,
} as const;

export const REGISTER_MESSAGES = {
  network: 'Unable to connect to registration server. Please check your internet connection and try again.',
  accountExists: 'An account with this email already exists. Please try logging in instead.',
  requirements: 'Please check that your email and password meet the requirements.',
  failed: (status: number) => `Registration failed (${status})`,
} as const;

/** Spec section 8: the answer was not JSON (a proxy's page, a wrong API address). */
export const nonJsonMessage = (statusAndText: string) =>
  `Server returned ${statusAndText}. Please check your API configuration.`;

/** Spec section 8: the default form error, for a failure that is not an API answer at all. */
export const AUTHENTICATION_FAILED = 'Authentication failed. Please try again.';

/** The fields of `ApiError` from '@keisha/contracts' that decide the message. */
interface ApiFailure {
  status: number;
  code: string;
  message: string;
}

/**
 * Recognises an ApiError by its shape rather than by `instanceof`: the session lives in the shared
 * store, so its errors can be built by another app's copy of '@keisha/contracts', a different class.
 */
function asApiFailure(error: unknown): ApiFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, code, message } = error as Partial<Record<keyof ApiFailure, unknown>>;
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') return undefined;
  return { status, code, message };
}

const isNetworkFailure = (failure: ApiFailure) => failure.status === 0 || failure.code === 'NETWORK_ERROR';

/** Codes our client gives a failure that carried no message of the server's own. */
const CLIENT_CODES = new Set(['NETWORK_ERROR', 'NON_JSON', 'HTTP_ERROR']);

function serverMessage(failure: ApiFailure): string | undefined {
  if (CLIENT_CODES.has(failure.code)) return undefined;
  const message = failure.message.trim();
  return message === '' ? undefined : message;
}

const mentions = (failure: ApiFailure, word: string) => failure.message.toLowerCase().includes(word);

/** The non-JSON text arrives as `${status}: ${text}`; a page's markup is flattened to one line. */
const nonJson = (failure: ApiFailure) => nonJsonMessage(failure.message.replace(/\s+/g, ' ').trim());

function loginMessage(failure: ApiFailure): string {
  if (isNetworkFailure(failure)) return LOGIN_MESSAGES.network;
  if (failure.code === 'NON_JSON') return nonJson(failure);
  if (failure.status === 401 || mentions(failure, 'invalid')) return LOGIN_MESSAGES.invalidCredentials;
  if (failure.status === 429) return LOGIN_MESSAGES.tooManyAttempts;
  return serverMessage(failure) ?? LOGIN_MESSAGES.failed(failure.status);
}

function registerMessage(failure: ApiFailure): string {
  if (isNetworkFailure(failure)) return REGISTER_MESSAGES.network;
  if (failure.code === 'NON_JSON') return nonJson(failure);
  if (failure.status === 409 || mentions(failure, 'exists')) return REGISTER_MESSAGES.accountExists;
  const reason = serverMessage(failure);
  // The spec's sentence, then the server's own reason when it gave one: why a password is refused, when to retry.
  if (failure.status === 400 || mentions(failure, 'validation')) return reason ? `${REGISTER_MESSAGES.requirements} ${reason}` : REGISTER_MESSAGES.requirements;
  return reason ? `${REGISTER_MESSAGES.failed(failure.status)}. ${reason}` : REGISTER_MESSAGES.failed(failure.status);
}

/** The one place a failed sign-in or sign-up becomes the sentence a person reads. */
export function authErrorMessage(mode: AuthMode, error: unknown): string {
  const failure = asApiFailure(error);
  if (!failure) return AUTHENTICATION_FAILED;
  return mode === 'sign-in' ? loginMessage(failure) : registerMessage(failure);
}

/** A sign-in held back by the throttle (429): the form then offers a one-time sign-in link by mail. */
export function isThrottled(error: unknown): boolean {
  return asApiFailure(error)?.status === 429;
}
