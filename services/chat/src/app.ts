import type { FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { createServiceApp, lazyInternalToken, planLookupFailureCounter, registerIdentityAuth, type DatabaseHandle, type KeyResolver, type ServiceApp } from '@keisha/service-kit';
import type { ChatDatabase } from './db/database.ts';
import { llmSettingsOf, type ChatConfig } from './env.ts';
import type { AnswerEngine } from './plugins/answer-engine.ts';
import { createAnswerLeases, defaultInstanceName } from './plugins/answer-leases.ts';
import { createEmbeddedEngine } from './plugins/embedded-engine.ts';
import { createLlmEngine, type LlmFallbackCause } from './plugins/llm-engine.ts';
import { chatPlans, type PlanResolver } from './plugins/plans.ts';
import { createReplyService } from './plugins/replies.ts';
import { internalAccountErasureRoutes } from './routes/internal-account-erasure/index.ts';
import { internalAccountExportRoutes } from './routes/internal-account-export/index.ts';
import { replyRoutes } from './routes/replies/index.ts';
import { sessionRoutes } from './routes/sessions/index.ts';
import { usageRoutes } from './routes/usage/index.ts';

export interface ChatDeps {
  /** Logger options; `false` silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Public keys of identity; by default fetched from IDENTITY_URL's JWKS. */
  keys?: KeyResolver;
  /** The account's chat plan; by default DEFAULT_CHAT_TIER, else billing's entitlements (BILLING_URL), else Free. */
  planFor?: PlanResolver;
  /** Replaces the engine chosen from the configuration (tests). */
  engine?: AnswerEngine;
}

/** The offline responder, wrapped by the language model when one is configured (which falls back to it). */
export function answerEngineFor(
  config: ChatConfig,
  log: { warn: (obj: object, msg: string) => void },
  onFallback?: (cause: LlmFallbackCause) => void,
): AnswerEngine {
  const embedded = createEmbeddedEngine({ chunkDelayMs: config.CHAT_OFFLINE_CHUNK_DELAY_MS });
  const llm = llmSettingsOf(config);
  return llm ? createLlmEngine(llm, embedded, log, onFallback) : embedded;
}

export async function buildChatApp(config: ChatConfig, database: DatabaseHandle<any>, deps: ChatDeps = {}): Promise<ServiceApp> {
  // The services' shared secret, read when first needed: a burst of new readers' session checks goes to identity's internal route together.
  const internalToken = lazyInternalToken(config, import.meta.dirname, 'chat');
  return createServiceApp({
    name: 'chat',
    description: 'Conversations with Keisha (streamed answers), messages and the daily message limit.',
    config,
    database,
    logger: deps.logger,
    // A long article fits in a message (20,000 characters); a body over 256 KB is a 413 before it is read.
    bodyLimit: 256 * 1024,
    internalToken,
    routes: async (app) => {
      // The signature, then identity's word that the session still stands (revocation within a second).
      await registerIdentityAuth(app, config, internalToken, deps.keys);
      const onPlanFailure = planLookupFailureCounter(app);
      const planFor =
        deps.planFor ??
        chatPlans(
          { fixedTier: config.DEFAULT_CHAT_TIER, billingUrl: config.BILLING_URL, internalToken, onFailure: onPlanFailure },
          app.log,
        );
      const fallbacks = app.metrics.counter('llm_fallbacks_total', 'Answers the offline responder gave because the model could not, by cause.', ['cause']);
      const leases = createAnswerLeases({
        db: app.db as Kysely<ChatDatabase>,
        log: app.log,
        leaseMs: config.CHAT_ANSWER_LEASE_MS,
        instance: config.CHAT_INSTANCE_NAME ?? defaultInstanceName(config.PORT),
      });
      const replies = createReplyService({
        db: app.db as Kysely<ChatDatabase>,
        engine: deps.engine ?? answerEngineFor(config, app.log, (cause) => fallbacks.inc({ cause })),
        planFor,
        log: app.log,
        leases,
      });
      // Answers abandoned by a process that stopped are failed (their messages given back): those whose lease ran
      // out from the start, and those of earlier processes of this instance as soon as it serves its address.
      app.addHook('onReady', async () => leases.start());
      app.addHook('onListen', async () => void leases.claim());
      // Answers still streaming when the service stops are saved as stopped before the database closes.
      app.addHook('preClose', async () => {
        await replies.stopAll();
        await leases.stop();
      });
      await app.register(replyRoutes, { replies, heartbeatMs: config.CHAT_HEARTBEAT_MS, rateLimitMax: config.CHAT_RATE_LIMIT_MAX });
      await app.register(sessionRoutes);
      await app.register(usageRoutes, { planFor });
      // identity's account deletion: the account's conversations, messages and counters erased (internal token).
      await app.register(internalAccountErasureRoutes, { internalToken });
      await app.register(internalAccountExportRoutes, { internalToken });
    },
  });
}
