import { ApiError } from '@keisha/contracts';

/** Spec section 5 ("Network-type error recognition"): words that mark a failure of the connection itself. */
const NETWORK_WORDS = [
  'network error',
  'fetch error',
  'failed to fetch',
  'network request failed',
  'connection refused',
  'timeout',
  'aborted',
  'no internet',
  'offline',
  'connection lost',
  'dns',
  'unreachable',
] as const;

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

function textOf(error: unknown, key: 'message' | 'name' | 'code'): string {
  if (typeof error !== 'object' || error === null) return '';
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** Whether a message or name reads like a connection failure (spec section 5's list, any letter case). */
export function mentionsNetworkFailure(text: string): boolean {
  const lower = text.toLowerCase();
  return NETWORK_WORDS.some((word) => lower.includes(word));
}

/**
 * A failure of the connection rather than of the analysis: the code NETWORK_ERROR, or a message or name
 * from spec section 5's list. An answer from the server is never one: it arrived, so the connection
 * worked, whatever words its message happens to use ("the model timed out" is the service's problem).
 */
export function isNetworkTypeError(error: unknown): boolean {
  if (typeof error === 'string') return mentionsNetworkFailure(error);
  if (textOf(error, 'code') === NETWORK_ERROR_CODE) return true;
  if (error instanceof ApiError && error.status !== 0) return false;
  // Names are written in CamelCase ('NetworkError'): read them as words.
  const name = textOf(error, 'name').replace(/([a-z])([A-Z])/g, '$1 $2');
  return mentionsNetworkFailure(textOf(error, 'message')) || mentionsNetworkFailure(name);
}
