// Set-up every service's buildApp wrote for itself: the shared internal secret read lazily, readers' tokens checked
// against identity, and the counter of plan questions billing could not answer.
import type { FastifyInstance } from 'fastify';
import { registerAuth, type KeyResolver } from './auth.ts';
import { defaultDataDir } from './config.ts';
import { internalTokenFileFor, loadInternalToken } from './internal-token.ts';
import { identityAuthOptions } from './session-check.ts';

/**
 * The services' shared secret (INTERNAL_API_TOKEN, else the file beside the data folders), read when first needed
 * and then kept: a burst of first requests asks for it together. `srcDir` is the service's src folder
 * (import.meta.dirname of its app.ts), from which the default data folder is found.
 */
export function lazyInternalToken(config: { INTERNAL_API_TOKEN?: string; DATA_DIR?: string }, srcDir: string, service: string): () => string {
  let token: string | undefined;
  return () => (token ??= loadInternalToken(config.INTERNAL_API_TOKEN, internalTokenFileFor(config.DATA_DIR ?? defaultDataDir(srcDir, service))));
}

/**
 * Readers' access tokens: the signature against identity's published keys (or `keys`, a test's own), then
 * identity's word that the session still stands (revocation within a second).
 */
export async function registerIdentityAuth(
  app: FastifyInstance,
  config: { IDENTITY_URL: string; IDENTITY_KEYS_TTL_MS?: number },
  internalToken: () => string,
  keys?: KeyResolver,
): Promise<void> {
  const auth = identityAuthOptions(config.IDENTITY_URL, app.log, { internalToken, keysTtlMs: config.IDENTITY_KEYS_TTL_MS });
  await registerAuth(app, { ...auth, keys: keys ?? auth.keys });
}

/** Counts, in plan_lookup_failures_total, the plan questions billing could not answer; give it to the plan lookup. */
export function planLookupFailureCounter(app: FastifyInstance): (outcome: 'stale' | 'unavailable') => void {
  const failures = app.metrics.counter(
    'plan_lookup_failures_total',
    'Plan questions billing could not answer: answered with the last plan billing gave (stale) or refused with 503 (unavailable).',
    ['outcome'],
  );
  return (outcome) => failures.inc({ outcome });
}
