import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { noteManifest } from '../error-reports.ts';

/** How long a manifest or remote entry may take before the remote counts as down. */
export const REMOTE_LOAD_TIMEOUT_MS = 8000;

/**
 * Bounds every network step of loading a remote: the manifest fetch is aborted and the entry script
 * times out after REMOTE_LOAD_TIMEOUT_MS, and each failure is reported once on the console with the
 * remote's name, so a hung remote never hangs the page.
 */
export default function timeoutRetryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'keisha-timeout-retry',
    fetch(url, init) {
      const signal = AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS);
      const response = fetch(url, { ...init, cache: 'no-cache', signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
      // The manifest names the remote's build version, which a failure report carries.
      void response.then((r) => noteManifest(url, r), () => undefined);
      return response;
    },
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.crossOrigin = 'anonymous';
      return { script, timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[keisha] remote module "${id}" failed to load (${lifecycle}):`, error);
      return undefined;
    },
  };
}
