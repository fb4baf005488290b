import { classifyConnectivityFailure, CONNECTIVITY_TIMEOUT_MS, type ConnectivityOutcome } from '../domain/connectivity.ts';

/**
 * Spec section 7 ("Connectivity test"): a HEAD request in no-cors mode, given up after 5000 ms. It asks our
 * own origin (the gateway's /health), not a third party: the question is whether Keisha can be reached,
 * and the reader's browser tells no one else that they are using it. Any answer at all means connected.
 */
export async function testConnection(path = '/health', timeoutMs = CONNECTIVITY_TIMEOUT_MS): Promise<ConnectivityOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    await fetch(new URL(path, window.location.origin), {
      method: 'HEAD',
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    return 'ok';
  } catch (error) {
    return classifyConnectivityFailure(error, navigator.onLine !== false, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
