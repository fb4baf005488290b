// Spec section 7 ("Connectivity test") and 8 ("Connectivity panel"). The spec's wording for the outcomes
// is not shown; these are ours.

/** Spec section 9: the test gives up after 5000 ms. */
export const CONNECTIVITY_TIMEOUT_MS = 5000;

export type ConnectivityOutcome = 'ok' | 'offline' | 'timeout' | 'unreachable' | 'failed';

export const CONNECTIVITY_MESSAGES: Record<ConnectivityOutcome, string> = {
  ok: 'Connection OK',
  offline: 'You are offline. Check your Wi-Fi or mobile data, then try again.',
  timeout: `The connection test timed out after ${CONNECTIVITY_TIMEOUT_MS / 1000} seconds. Your connection may be slow or unstable.`,
  unreachable: 'Could not reach the Keisha server. Check your connection, VPN or firewall, then try again.',
  failed: 'The connection test failed. Please try again in a moment.',
};

/** What a failed connection test means: no network, too slow, no answer at all, or something else. */
export function classifyConnectivityFailure(error: unknown, online: boolean, timedOut: boolean): ConnectivityOutcome {
  if (!online) return 'offline';
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (timedOut || name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  // fetch() rejects with a TypeError when no answer came back (refused, DNS, dropped).
  if (error instanceof TypeError) return 'unreachable';
  return 'failed';
}
