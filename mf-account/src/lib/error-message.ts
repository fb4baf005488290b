import { isNetworkError, serverMessageOf } from '@keisha/contracts';
import { asApiError } from './api-error.ts';

/** Shown when a request never reached a server. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach Keisha. Check your connection and try again.';

/** The server's own message when it sent one; otherwise a connection hint or the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const apiError = asApiError(error);
  const fromServer = serverMessageOf(apiError);
  if (fromServer) return fromServer;
  return isNetworkError(apiError) ? NETWORK_ERROR_MESSAGE : fallback;
}
