// Prometheus metrics of the edge (prom-client, as the services use): requests by route class, never by raw
// path (label values must stay a small, fixed set whatever readers type in the address bar), and the failures
// to reach a service or remote by cause. The edge is the public entry, so these are served on a listener of
// their own (startMetricsListener), on a port the ingress never routes to; the public port answers 404.
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { REMOTES, SERVICES } from './topology.ts';

export const EDGE_METRICS_PATH = '/metrics';

/**
 * What a request was, for the labels: `api` (proxied to a service), `remote` (a remote's file proxied to it),
 * `page` (a document: the shell, prerendered or not), `static` (a file of the shell's build, robots.txt,
 * sitemap.xml), `registry` (/remotes.json), `health`, `not_found` (nothing answers that address).
 */
export type RouteClass = 'api' | 'remote' | 'page' | 'static' | 'registry' | 'health' | 'not_found';

/** The service or remote a proxied request went to; `none` for what the edge answers itself. */
export type RouteTarget = (typeof SERVICES)[number] | (typeof REMOTES)[number] | 'none';

export interface RouteLabels {
  route: RouteClass;
  target: RouteTarget;
}

/** Why an upstream gave no answer: label values of edge_upstream_errors_total. */
export type UpstreamFailure = 'timeout' | 'refused' | 'reset' | 'unresolved' | 'bad_response' | 'other';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Methods outside the usual few are one label value, so an odd client cannot add series. */
export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** Latency buckets from 5 ms (a cached file) to 60 s (an analysis at the model's whole budget), as the services'. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface ErrorWithCause {
  code?: string;
  statusCode?: number;
  cause?: { code?: string };
}

/** The cause of a failed proxying, from @fastify/reply-from's error (its own code, or undici's in `cause`). */
export function upstreamFailureOf(error: unknown): UpstreamFailure {
  const { code, statusCode, cause } = (error ?? {}) as ErrorWithCause;
  const codes = [code, cause?.code];
  if (statusCode === 504 || codes.some((c) => c === 'UND_ERR_HEADERS_TIMEOUT' || c === 'UND_ERR_CONNECT_TIMEOUT' || c === 'ETIMEDOUT')) return 'timeout';
  if (codes.includes('ECONNREFUSED')) return 'refused';
  if (codes.some((c) => c === 'ECONNRESET' || c === 'UND_ERR_SOCKET' || c === 'EPIPE')) return 'reset';
  if (codes.some((c) => c === 'FST_REPLY_FROM_SERVICE_UNAVAILABLE' || c === 'ENOTFOUND' || c === 'EAI_AGAIN')) return 'unresolved';
  if (code === 'FST_REPLY_FROM_BAD_GATEWAY') return 'bad_response';
  return 'other';
}

export interface EdgeMetrics {
  registry: Registry;
  observeRequest(labels: RouteLabels & { method: string; status: number }, seconds: number): void;
  countUpstreamFailure(labels: RouteLabels, failure: UpstreamFailure): void;
  /** A request sent to another replica of its service after one failed it (replica-dispatcher.ts). */
  countReplicaRetry(target: RouteTarget, reason: 'refused' | 'broken' | 'shutting_down'): void;
}

export function createEdgeMetrics(): EdgeMetrics {
  const registry = new Registry();
  // The services' process metrics carry their name the same way: one dashboard selects them all.
  registry.setDefaultLabels({ service: 'edge' });
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'edge_http_request_duration_seconds',
    help: 'Time for the edge to answer a request (a proxied stream until its end), by route class, target, method and status.',
    labelNames: ['route', 'target', 'method', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const upstreamFailures = new Counter({
    name: 'edge_upstream_errors_total',
    help: 'Proxied requests that got no answer from their service or remote, by cause (timeout, refused, reset, unresolved, bad_response, other).',
    labelNames: ['route', 'target', 'reason'],
    registers: [registry],
  });
  const replicaRetries = new Counter({
    name: 'edge_replica_retries_total',
    help: 'Requests sent to another replica of their service after one failed them, by cause (refused: the connection; broken: before the answer, GET/HEAD/OPTIONS only; shutting_down: the replica was closing).',
    labelNames: ['target', 'reason'],
    registers: [registry],
  });
  return {
    registry,
    observeRequest: ({ route, target, method, status }, seconds) =>
      requests.observe({ route, target, method: methodLabel(method), status_code: String(status) }, seconds),
    countUpstreamFailure: ({ route, target }, reason) => upstreamFailures.inc({ route, target, reason }),
    countReplicaRetry: (target, reason) => replicaRetries.inc({ target, reason }),
  };
}

/** The scrape endpoint on its own port: GET /metrics, and 404 for anything else. */
export async function createMetricsListener(registry: Registry): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  app.get(EDGE_METRICS_PATH, async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return app;
}
