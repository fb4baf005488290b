import cookie from '@fastify/cookie';
import type { FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { createServiceApp, lazyInternalToken, planLookupFailureCounter, registerIdentityAuth, type DatabaseHandle, type KeyResolver, type ServiceApp } from '@keisha/service-kit';
import type { DecoderDatabase } from './db/database.ts';
import { llmSettingsOf, type DecoderConfig } from './env.ts';
import type { AnalysisEngine } from './plugins/analysis-engine.ts';
import { createReaderResolver, loadDeviceKey } from './plugins/reader.ts';
import { billingTiers, fixedTier } from './plugins/billing-tiers.ts';
import { analysisRoutes } from './routes/analysis/index.ts';
import { analyticsRoutes } from './routes/analytics/index.ts';
import { internalNewsletterRoutes } from './routes/internal-newsletter/index.ts';
import { internalAccountErasureRoutes } from './routes/internal-account-erasure/index.ts';
import { internalAccountExportRoutes } from './routes/internal-account-export/index.ts';
import { historyRoutes } from './routes/history/index.ts';
import { usageRoutes } from './routes/usage/index.ts';
import { apiKeyRoutes } from './routes/api-keys/index.ts';
import { publicApiRoutes } from './routes/public-api/index.ts';
import { billingOwnerPlans, fixedOwnerPlan } from './plugins/key-owner-plan.ts';
import { identityOwnerAccounts } from './plugins/key-owner-account.ts';
import { registerGuestSweep } from './plugins/guest-sweep.ts';

export interface DecoderDeps {
  /** The embedded engine; with an LLM configured it is wrapped, and answers whenever the model cannot. */
  engine: AnalysisEngine;
  /** Stops what the engine runs (its analysis thread) when the app closes. */
  closeEngine?: () => Promise<void>;
  /** Public keys of identity; by default fetched from IDENTITY_URL's JWKS. */
  keys?: KeyResolver;
  logger?: FastifyServerOptions['logger'];
}

export async function buildDecoderApp(config: DecoderConfig, database: DatabaseHandle<any>, deps: DecoderDeps): Promise<ServiceApp> {
  const db = database.db as Kysely<DecoderDatabase>;
  const deviceKey = await loadDeviceKey(db);
  // Our services' shared secret, read when first needed: for identity's and billing's internal routes.
  const internalToken = lazyInternalToken(config, import.meta.dirname, 'decoder');
  return createServiceApp({
    name: 'decoder',
    description: 'Article analysis, daily quotas and analytics events.',
    config,
    database,
    logger: deps.logger,
    // A 1 MB article is answered with a clear 413, not read into memory.
    bodyLimit: 1024 * 1024,
    rateLimitCode: 'RATE_LIMIT_EXCEEDED',
    internalToken,
    routes: async (app) => {
      if (deps.closeEngine) app.addHook('onClose', deps.closeEngine);
      await app.register(cookie);
      // The signature, then identity's word that the session still stands (revocation within a second).
      await registerIdentityAuth(app, config, internalToken, deps.keys);
      const onPlanFailure = planLookupFailureCounter(app);
      const tiers = config.DEFAULT_ACCOUNT_TIER
        ? fixedTier(config.DEFAULT_ACCOUNT_TIER)
        : billingTiers(config.BILLING_URL, app.log, { internalToken, onFailure: onPlanFailure });
      const resolveReader = createReaderResolver(deviceKey, config.COOKIE_SECURE, tiers);
      const llm = llmSettingsOf(config);
      const fallbacks = app.metrics.counter('llm_fallbacks_total', 'Analyses the embedded engine answered because the model could not, by cause.', ['cause']);
      // The OpenAI client is loaded only when a model is configured: the embedded default never uses it, and it
      // cost every decoder process about 45 ms of start-up, 5 MB of heap and 11 MB of memory (docs/decoder.md).
      const engine = llm
        ? (await import('./plugins/llm-engine.ts')).createLlmEngine(llm, deps.engine, app.log, (cause) => fallbacks.inc({ cause }))
        : deps.engine;
      await app.register(analysisRoutes, { engine, reserveBeforeWork: llm !== undefined, resolveReader, rateLimitMax: config.ANALYSIS_RATE_LIMIT_MAX });
      await app.register(usageRoutes, { resolveReader });
      await app.register(analyticsRoutes, {
        rateLimitMax: config.TRACK_RATE_LIMIT_MAX,
        clientErrorRateLimitMax: config.CLIENT_ERROR_RATE_LIMIT_MAX,
        bounds: {
          dailyEvents: config.ANALYTICS_DAILY_EVENTS,
          dailyBytes: config.ANALYTICS_DAILY_BYTES,
          dailyEventsPerAddress: config.ANALYTICS_DAILY_EVENTS_PER_ADDRESS,
          retentionDays: config.ANALYTICS_RETENTION_DAYS,
        },
        sweepIntervalMs: config.ANALYTICS_SWEEP_INTERVAL_MS,
      });
      await app.register(historyRoutes);
      registerGuestSweep(app, { everyMs: config.GUEST_SWEEP_INTERVAL_MS, enabled: config.GUEST_SWEEP_ENABLED });
      // API access: keys on the account page, the public v1 API with them.
      const dailyLimits = { key: config.API_KEY_DAILY_LIMIT, account: config.API_ACCOUNT_DAILY_LIMIT };
      await app.register(apiKeyRoutes, { tiers, dailyLimits });
      // A key has no access token to forward: identity and billing are asked with the services' internal token.
      const owners = config.DEFAULT_ACCOUNT_TIER
        ? { ownerPlan: fixedOwnerPlan(config.DEFAULT_ACCOUNT_TIER) }
        : { ownerPlan: billingOwnerPlans(config.BILLING_URL, internalToken(), app.log, { onFailure: onPlanFailure }), ownerAccount: identityOwnerAccounts(config.IDENTITY_URL, internalToken(), app.log) };
      await app.register(publicApiRoutes, { engine, ...owners, rateLimitMax: config.API_KEY_RATE_LIMIT_MAX, dailyLimits });
      // identity's daily newsletter: the term of the day and a reader's week (internal token).
      await app.register(internalNewsletterRoutes, { internalToken: internalToken() });
      // identity's account deletion: the account's history, API keys and counters erased (internal token).
      await app.register(internalAccountErasureRoutes, { internalToken: internalToken() });
      // identity's "Download your data": the same rows read for the reader's own copy, never a key's hash (internal token).
      await app.register(internalAccountExportRoutes, { internalToken: internalToken() });
    },
  });
}
