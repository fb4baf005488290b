// Prometheus metrics for every service, on prom-client: request rate, errors and latency by route, the
// database pool, the process (CPU, memory, event loop), and whatever a service counts itself through
// `app.metrics`. Scraped at GET /metrics on the service's own port, never through the edge.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './db.ts';
import { AppError } from './errors.ts';

export const METRICS_PATH = '/metrics';

/** The metrics of one service instance: its own registry, so apps built side by side (tests) never mix. */
export interface ServiceMetrics {
  registry: Registry;
  counter<L extends string>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
  gauge<L extends string>(name: string, help: string, labelNames?: readonly L[]): Gauge<L>;
  histogram<L extends string>(name: string, help: string, buckets: number[], labelNames?: readonly L[]): Histogram<L>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

// Headers a proxy adds. The edge sets X-Forwarded-For on every request it passes on, so a request carrying
// one came from outside; Prometheus scrapes the pod directly and sends none of them.
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function cameThroughProxy(headers: FastifyRequest['headers']): boolean {
  return PROXY_HEADERS.some((name) => headers[name] !== undefined);
}

// Routes that are about the service rather than for its users: counted, they would drown the real traffic.
const UNCOUNTED_ROUTE = /^\/(metrics|health\/|docs)/;

/** Latency buckets from 5 ms (a cached read) to 60 s (an analysis at the model's whole budget). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

function serviceMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  return {
    registry,
    counter: (name, help, labelNames = []) => new Counter({ name, help, labelNames, registers: [registry] }),
    gauge: (name, help, labelNames = []) => new Gauge({ name, help, labelNames, registers: [registry] }),
    histogram: (name, help, buckets, labelNames = []) => new Histogram({ name, help, buckets, labelNames, registers: [registry] }),
  };
}

/** Decorates `app.metrics`, times every request by route, and serves GET /metrics to direct callers only. */
export function registerMetrics(app: FastifyInstance, { service, database }: { service: string; database: DatabaseHandle<unknown> }): void {
  const metrics = serviceMetrics(service);
  app.decorate('metrics', metrics);
  collectDefaultMetrics({ register: metrics.registry });

  const requests = metrics.histogram('http_request_duration_seconds', 'Time to answer a request, by route and status.', LATENCY_BUCKETS, [
    'method',
    'route',
    'status_code',
  ]);
  app.addHook('onResponse', async (request, reply) => {
    // A request no route matched is one series, whatever its path: paths are unbounded, label values must not be.
    const route = request.routeOptions.url ?? 'unmatched';
    if (UNCOUNTED_ROUTE.test(route)) return;
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one; max is the pool size.',
      labelNames: ['state'],
      registers: [metrics.registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
  }

  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      // Answered like any unknown address, so the public side cannot even tell the route exists.
      if (cameThroughProxy(request.headers)) throw new AppError(404, 'NOT_FOUND', `No route GET ${METRICS_PATH}`);
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
