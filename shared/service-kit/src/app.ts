import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Kysely } from 'kysely';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthBody } from '@keisha/contracts/schemas';
import type { BaseConfig } from './config.ts';
import { BODY_PROBLEM_MESSAGES, findBodyProblem } from './body-guard.ts';
import { clientNetwork } from './client-network.ts';
import { endConnectionsOnClose } from './closing-connections.ts';
import type { DatabaseHandle, DatabaseKind } from './db.ts';
import { AppError, clientErrorHandler, frameworkErrorHandler, registerErrorHandler, registerNotFoundHandler } from './errors.ts';
import { registerMetrics } from './metrics.ts';
import { registerRateLimit } from './rate-limit.ts';
import { createTracing, tracingSettingsFrom } from '@keisha/telemetry';
import { requestTracing } from './tracing.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { INTERNAL_TOKEN_HEADER, internalTokenMatches } from './internal-token.ts';

import type { ServiceApp } from './service-app.ts';

export type { ServiceApp } from './service-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's own database (kysely). Typed per service through its repositories. */
    db: Kysely<any>;
    /** Which database it is: PGlite (embedded) or a PostgreSQL server. */
    dbKind: DatabaseKind;
    serviceName: string;
  }
  interface FastifyRequest {
    /**
     * The network this client's address stands for (client-network.ts): what every per-address count keys on.
     * `request.ip` is one address of it, and an IPv6 client can change that at will.
     */
    readonly clientNetwork: string;
  }
}

export interface ServiceDefinition {
  name: string;
  version?: string;
  description?: string;
  config: BaseConfig;
  database: DatabaseHandle<any>;
  /** Registers the service's own plugins and routes. */
  routes: (app: ServiceApp) => Promise<void>;
  /** Largest request body accepted, in bytes (413 beyond). */
  bodyLimit?: number;
  /** The error code of a rate-limited answer (the decoder's clients know RATE_LIMIT_EXCEEDED). */
  rateLimitCode?: string;
  /** Logger options; `false` silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /**
   * The services' internal token (read when first needed). A request that carries it comes from another of
   * our services on behalf of many readers, and is never throttled as one public address.
   */
  internalToken?: () => string | undefined;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Builds a service the same way for the process and for tests: the caller decides when to listen. */
export async function createServiceApp(def: ServiceDefinition): Promise<ServiceApp> {
  const tracing = requestTracing(createTracing({ serviceName: def.name, serviceVersion: def.version, ...tracingSettingsFrom(def.config) }));
  const app = Fastify({
    logger: def.logger ?? { level: def.config.LOG_LEVEL },
    bodyLimit: def.bodyLimit ?? 64 * 1024,
    trustProxy: splitList(def.config.TRUST_PROXY),
    requestIdHeader: 'x-request-id',
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: () => randomUUID(),
    // A request arriving while the service closes is refused below, in our shape; Fastify's own 503 is not.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    // What Node's parser refuses before any route (broken framing, huge headers), in our shape too.
    clientErrorHandler,
    // Each request's logger carries its trace_id and span_id (tracing.ts).
    childLoggerFactory: tracing.childLoggerFactory,
  }).withTypeProvider<ZodTypeProvider>();
  tracing.register(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', def.database.db);
  app.decorate('dbKind', def.database.kind);
  app.decorate('serviceName', def.name);
  app.decorateRequest('clientNetwork', {
    getter(this: FastifyRequest) {
      return clientNetwork(this.ip);
    },
  });
  registerErrorHandler(app);

  // From the start of a close, a request on a connection still open (a keep-alive, a pipelined request) is
  // told to come back, with Retry-After, instead of starting work the closing database may not finish.
  // Connections that would hold the close open for a minute are ended as it begins (closing-connections.ts).
  let closing = false;
  const connections = endConnectionsOnClose(app.server);
  app.addHook('preClose', (done) => {
    closing = true;
    connections.begin();
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new AppError(503, 'SHUTTING_DOWN', 'This service is restarting. Please try again in a moment.', undefined, { retryAfterSeconds: 1 }) : undefined);
  });

  // A body no route can store (NUL, lone surrogates) or walk safely (nesting thousands deep) is refused
  // up front for every route, so it cannot surface later as a 500 (body-guard.ts says why each).
  app.addHook('preValidation', async (request) => {
    const problem = request.body === undefined ? null : findBodyProblem(request.body);
    if (problem) throw new AppError(400, 'VALIDATION', BODY_PROBLEM_MESSAGES[problem]);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    connections.stop();
    await def.database.close();
  });

  // Helmet's headers (security-headers.ts: computed once, set on every answer).
  registerSecurityHeaders(app, {
    // The API answers JSON only; the docs page needs its own inline assets, handled by swagger-ui's CSP hook.
    contentSecurityPolicy: false,
  });
  const origins = splitList(def.config.CORS_ORIGINS);
  await app.register(cors, { origin: origins.length > 0 ? origins : false, credentials: true });
  const fromOurServices = internalCaller(def.internalToken, app.log);
  const limits = await registerRateLimit(app, {
    service: def.name,
    config: def.config,
    code: def.rateLimitCode ?? 'RATE_LIMITED',
    allowList: (request) => fromOurServices(request.headers[INTERNAL_TOKEN_HEADER]),
  });
  registerNotFoundHandler(app);
  await app.register(swagger, {
    openapi: {
      info: { title: `Keisha ${def.name} service`, version: def.version ?? '1.0.0', description: def.description },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: healthBody } }, config: { rateLimit: false } },
    async () => ({ status: 'ok' as const, service: def.name }),
  );
  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: healthBody, 503: healthBody } }, config: { rateLimit: false } },
    async (request, reply) => {
      try {
        await def.database.ping();
        return { status: 'ok' as const, service: def.name, checks: { database: 'ok' } };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable', service: def.name, checks: { database: 'unreachable' } });
      }
    },
  );

  registerMetrics(app, { service: def.name, database: def.database });
  limits.instrument(app.metrics);

  await def.routes(app);
  return app;
}

/** Whether a header value is the services' internal token; false when there is none or it cannot be read. */
function internalCaller(token: (() => string | undefined) | undefined, log: { warn: (obj: object, msg: string) => void }) {
  let expected: string | undefined;
  let read = false;
  return (given: unknown): boolean => {
    if (!token || given === undefined) return false;
    if (!read) {
      read = true;
      try {
        expected = token();
      } catch (error) {
        log.warn({ err: error }, 'internal token unreadable: calls from our services are rate limited like any address');
      }
    }
    return expected !== undefined && internalTokenMatches(expected, given);
  };
}

export { z };
