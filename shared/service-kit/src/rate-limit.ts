// Every service's rate limits (@fastify/rate-limit): the service-wide RATE_LIMIT_MAX per client address, and
// each route's own `config.rateLimit` (per address, per API key). With REDIS_URL the counters live in Redis
// (or Valkey), so a limit holds across all replicas of the service; without it, in this process's memory.
// rate-limit-store.ts says what happens while Redis cannot answer.
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';
import type { BaseConfig } from './config.ts';
import type { ServiceApp } from './service-app.ts';
import type { ServiceMetrics } from './metrics.ts';
import { createCircuit, sharedWithFallback, type Circuit, type CountStore } from './rate-limit-store.ts';

// The plugin's two stores, which it exports as files only (CommonJS, untyped).
const require = createRequire(import.meta.url);
type StoreConstructor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => CountStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;

/** What a reader is told when refused: "Please wait 1 second", "Please wait 42 seconds". */
export function waitMessage(seconds: number): string {
  return `Too many requests. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;
}

/** After Redis failed to answer, requests are decided in memory for this long before it is asked again. */
export const SHARED_STORE_COOLDOWN_MS = 1000;

export interface RateLimitOptions {
  service: string;
  config: Pick<BaseConfig, 'RATE_LIMIT_MAX' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'REDIS_TIMEOUT_MS'>;
  /** The error code of a rate-limited answer. */
  code: string;
  /** Requests never counted (calls from our own services). */
  allowList: (request: FastifyRequest) => boolean;
}

export interface RegisteredRateLimit {
  /** Where the counters live: 'memory', or 'redis' (with this process's memory while Redis cannot answer). */
  store: 'memory' | 'redis';
  /** Exposes the shared store's state on the service's metrics (a no-op without Redis). */
  instrument(metrics: ServiceMetrics): void;
}

/** The beginning of every key a service writes to Redis: environment, then service. */
export function rateLimitKeyPrefix(keyPrefix: string, service: string): string {
  return `${keyPrefix}:${service}:rate-limit:`;
}

export async function registerRateLimit(app: ServiceApp, options: RateLimitOptions): Promise<RegisteredRateLimit> {
  const shared = options.config.REDIS_URL ? await sharedStore(app, options) : undefined;
  await app.register(rateLimit, {
    max: options.config.RATE_LIMIT_MAX,
    allowList: options.allowList,
    timeWindow: '1 minute',
    ...(shared ? { store: shared.storeConstructor } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      error: {
        code: options.code,
        message: waitMessage(Math.ceil(context.ttl / 1000)),
      },
    }),
  });
  if (!shared) return { store: 'memory', instrument: () => {} };
  return { store: 'redis', instrument: (metrics) => instrumentCircuit(metrics, shared.circuit) };
}

async function sharedStore(app: ServiceApp, options: RateLimitOptions) {
  const { REDIS_URL, REDIS_TIMEOUT_MS, REDIS_KEY_PREFIX } = options.config;
  const log = app.log.child({ component: 'rate-limit' });
  const where = redactedUrl(REDIS_URL!);
  const circuit = createCircuit({
    timeoutMs: REDIS_TIMEOUT_MS,
    cooldownMs: SHARED_STORE_COOLDOWN_MS,
    onDown: (error) =>
      log.warn({ err: error, redis: where }, 'shared rate-limit store not answering: limits are counted in this process until it answers again'),
    onUp: () => log.info({ redis: where }, 'shared rate-limit store answering again: limits are shared across replicas'),
  });
  const client = new Redis(REDIS_URL!, {
    connectTimeout: REDIS_TIMEOUT_MS * 4,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A command while disconnected fails at once (the limit is decided in memory) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2000),
    lazyConnect: true,
  });
  // ioredis reports connection trouble as events; the circuit reports it once per outage (a request's failure).
  client.on('error', (error) => log.debug({ err: error, redis: where }, 'rate-limit store connection error'));
  if (!(await connectBriefly(client, REDIS_TIMEOUT_MS * 4, log, where))) circuit.unreachableAtStart();
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  const nameSpace = rateLimitKeyPrefix(REDIS_KEY_PREFIX, options.service);
  const storeConstructor = class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      return sharedWithFallback(new RedisStore(continueExceeding, exponentialBackoff, client, nameSpace), new LocalStore(continueExceeding, exponentialBackoff), circuit);
    }
  } as unknown as NonNullable<Parameters<typeof rateLimit>[1]['store']>;
  return { storeConstructor, circuit };
}

/** Waits for the first connection at most `ms`: a service starts (counting in memory) even when Redis is down. */
async function connectBriefly(client: Redis, ms: number, log: FastifyBaseLogger, where: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  const connected = client.connect().then(
    () => 'connected' as const,
    (error: unknown) => error,
  );
  const outcome = await Promise.race([connected, gaveUp]);
  clearTimeout(timer);
  if (outcome === 'connected') {
    log.info({ redis: where }, 'rate limits shared through Redis');
    return true;
  }
  log.warn({ err: outcome === 'timeout' ? undefined : outcome, redis: where }, 'shared rate-limit store not reachable at start: limits are counted in this process until it answers; still trying');
  return false;
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function instrumentCircuit(metrics: ServiceMetrics, circuit: Circuit): void {
  // Read at scrape time from the circuit, which every limited route of the service shares.
  new Gauge({
    name: 'rate_limit_store_up',
    help: 'Whether the shared rate-limit store (Redis) answers: 1, or 0 while each process counts limits in its own memory.',
    registers: [metrics.registry],
    collect() {
      this.set(circuit.up ? 1 : 0);
    },
  });
  let reported = 0;
  new Counter({
    name: 'rate_limit_store_fallbacks_total',
    help: 'Rate-limit decisions taken in process memory because the shared store (Redis) did not answer in time.',
    registers: [metrics.registry],
    collect() {
      if (circuit.decidedInMemory > reported) this.inc(circuit.decidedInMemory - reported);
      reported = circuit.decidedInMemory;
    },
  });
}
