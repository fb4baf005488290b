// The edge: serves the shell and its pages, answers /remotes.json, and proxies /api/* to the owning service.
// Locally the launcher runs it beside every part; in production it runs in a container behind the ingress
// (infra/edge). Fastify with its plugins does the work: @fastify/reply-from proxies, @fastify/static serves the
// build, @fastify/compress compresses. This module puts the parts together, each a module of its own:
// - gateway-options.ts: what the gateway is told;
// - request-checks.ts: what is refused before any route (not HTTP/1.x to one host, odd expectations, Node's errors);
// - request-observation.ts: each request's span (where a trace starts) and metrics (edge-metrics.ts, served on a
//   port of its own, never the public one);
// - upstreams.ts: which upstream answers which path, and remotes.json;
// - proxy.ts: sending a request on to a service or remote, and what the reader gets when it cannot answer;
// - pages.ts: the shell's page with the prerendered markup and its Content-Security-Policy;
// - security.ts: one set of security headers on every answer, errors and services' answers included.
import type http from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import { createTracing } from '@keisha/telemetry';
import { createEdgeMetrics, createMetricsListener, EDGE_METRICS_PATH, type EdgeMetrics } from './edge-metrics.ts';
import { errorBody, type GatewayOptions } from './gateway-options.ts';
import { createDocumentServer } from './pages.ts';
import { createProxy } from './proxy.ts';
import { answerContinueHere, clientErrorResponse, gatewayErrorHandler, refuseOtherExpectations, refuseOtherProtocols } from './request-checks.ts';
import { observeRequests } from './request-observation.ts';
import { securityHeaders } from './security.ts';
import { compression, listen, setCacheHeaders, type RunningServer } from './static-server.ts';
import { DEFAULT_BODY_LIMIT_BYTES, fastifyPath, LARGE_BODY_ROUTES } from './body-limits.ts';
import { createReplicaPool, type ReplicaPool } from './replica-pool.ts';
import { replicaDispatcher } from './replica-dispatcher.ts';
import { apiRouteFor, SERVICES, type ServiceName } from './topology.ts';
import { budgetedDispatcher, budgetsByOrigin, remoteBudget, serviceBudgets } from './upstream-budgets.ts';
import { proxiedRemotePath, remoteBases, remotesJson, serviceBases, serviceReplicaBases, upstreamBase } from './upstreams.ts';

export type { GatewayOptions } from './gateway-options.ts';
export { SESSION_HINT_COOKIE } from './pages.ts';
export { protocolProblem } from './request-checks.ts';
export { upstreamBase } from './upstreams.ts';

/** The largest body the edge takes on a route with no larger documented limit (body-limits.ts). Beyond it, 413. */
export const MAX_BODY_BYTES = DEFAULT_BODY_LIMIT_BYTES;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface RunningGateway extends RunningServer {
  /** The metrics listener's port, when there is one. */
  metricsPort?: number;
  /**
   * Stops taking connections and lets requests in flight finish (a streamed chat answer included) for up to
   * `timeoutMs`, then cuts what is left. Resolves once every connection is closed.
   */
  drain(timeoutMs: number): Promise<void>;
  /**
   * Takes one replica of a service out of rotation (true: no new requests; resolves once those in flight are
   * answered) or puts it back (false). A rolling restart drains a replica before stopping it.
   */
  drainReplica(service: ServiceName, url: string, draining: boolean): Promise<void>;
  /** The pool of a service run as replicas (the launcher's balancer for the other services shares it). */
  replicaPool(service: ServiceName): ReplicaPool | undefined;
}

/** The replica pools of the services run as several replicas, by the origin the proxy names (the first replica's). */
export type ServicePools = Map<ServiceName, ReplicaPool>;

export function createServicePools(options: Pick<GatewayOptions, 'serviceUrls' | 'servicePorts'>): ServicePools {
  const replicas = serviceReplicaBases(options);
  return new Map(SERVICES.filter((name) => replicas[name].length > 1).map((name) => [name, createReplicaPool(replicas[name])]));
}

export async function createGateway(
  options: GatewayOptions,
  metrics: EdgeMetrics = createEdgeMetrics(),
  pools: ServicePools = createServicePools(options),
): Promise<FastifyInstance> {
  const services = serviceBases(options);
  const replicas = serviceReplicaBases(options);
  const remotes = remoteBases(options);
  const publicOrigin = new URL(upstreamBase(options.publicOrigin, 'the public origin').origin);
  const https = publicOrigin.protocol === 'https:';
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headers = securityHeaders({ https });

  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    bodyLimit: MAX_BODY_BYTES,
    // While draining, a request on a connection already open is still answered, not refused with 503.
    return503OnClosing: false,
    // The whole request must have arrived within this time (a slow sender gets 408); answers may stream for as long as they need.
    requestTimeout,
    // A request without Host is refused by the protocol check (request-checks.ts), in our shape (Node's own 400 has no body or headers).
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout / 4), requireHostHeader: false },
    clientErrorHandler: (error, socket) => {
      if (socket.writable) socket.end(clientErrorResponse(error, headers));
      else socket.destroy();
    },
    // A path Fastify cannot route (`GET /%`): answered before any hook, so the headers are set here.
    frameworkErrors: (_error, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.headers(headers).code(400).send(errorBody('BAD_URL', 'The address is not correctly encoded.'));
    },
  });
  answerContinueHere(app.server as http.Server);
  app.setErrorHandler(gatewayErrorHandler);

  // Every request: the edge's headers and the protocol check, then its span and metrics, then the expectation.
  refuseOtherProtocols(app, headers);
  const observation = observeRequests(app, {
    metrics,
    tracing: createTracing({ serviceName: 'edge', ...options.tracing }),
    trustProxy: options.trustProxy,
  });
  refuseOtherExpectations(app);

  await app.register(compress, compression);
  // Every upstream has a time budget for its headers (none for its body, so a started stream is never cut).
  const budgetForService = serviceBudgets(options);
  const budgets = budgetsByOrigin([
    ...SERVICES.flatMap((name) => replicas[name].map((base) => [base.origin, budgetForService[name]] as const)),
    ...[...remotes.values()].map((base) => [base.origin, remoteBudget(options)] as const),
  ]);
  // Each attempt on a replica has the service's whole budget (a refused connection costs next to nothing).
  const dispatcher = replicaDispatcher(
    budgetedDispatcher((origin) => budgets.get(origin) ?? 0),
    new Map([...pools].map(([name, pool]) => [services[name].origin, pool])),
    {
      retried: (origin, _replica, reason) => {
        const service = SERVICES.find((name) => services[name].origin === origin);
        if (service) metrics.countReplicaRetry(service, reason);
      },
    },
  );
  app.addHook('onClose', async () => {
    await dispatcher.destroy();
  });
  await app.register(replyFrom, { undici: dispatcher });
  // The shell's files, sent by the catch-all route below (so compression and the headers apply to them too).
  await app.register(fastifyStatic, { root: options.shellDir, serve: false, index: false, cacheControl: false, setHeaders: setCacheHeaders, preCompressed: true });

  const proxyTo = createProxy({ publicOrigin, https, metrics, observation });
  const serveDocument = createDocumentServer({ options, publicOrigin, https, remotes, observation });

  // --- proxying: /api/* to the owning service, /remotes/<name>/* to an in-cluster remote -------------------
  await app.register(async (proxied) => {
    // Bodies are read whole (up to their route's limit, body-limits.ts, 413 beyond) and sent on with their length: a service that
    // refuses a body early then answers its own error instead of a reset connection.
    proxied.removeAllContentTypeParsers();
    proxied.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Streamed answers (the chat's) pass through as they come: never compressed or buffered here.
    proxied.all('/api', { compress: false }, (request, reply) => reply.code(404).send(errorBody('NOT_FOUND', 'No API route /api')));
    const proxyApi = (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? request.url;
      const api = apiRouteFor(pathname);
      if (!api) return reply.code(404).send(errorBody('NOT_FOUND', `No API route ${pathname}`));
      const { service, prefix } = api;
      return proxyTo(request, reply, { route: 'api', target: service, name: prefix }, services[service], request.url, `${service} service`);
    };
    proxied.all('/api/*', { compress: false }, proxyApi);
    // The routes whose documented body limit is larger (the public API's batch): the same proxying, their own limit.
    for (const route of LARGE_BODY_ROUTES) proxied.post(fastifyPath(route.path), { compress: false, bodyLimit: route.bytes }, proxyApi);

    proxied.route({
      method: ['GET', 'HEAD'],
      url: '/remotes/*',
      compress: false,
      handler: (request, reply) => {
        const pathname = request.url.split('?')[0] ?? request.url;
        const remote = proxiedRemotePath(pathname);
        const base = remote && remotes.get(remote.name);
        if (!remote || !base) return serveDocument(request, reply);
        const query = request.url.slice(pathname.length);
        return proxyTo(
          request,
          reply,
          { route: 'remote', target: remote.name, name: `/remotes/${remote.name}/*` },
          base,
          `/${remote.rest}${query}`,
          `${remote.name} remote`,
        );
      },
    });
  });

  // --- what the edge answers itself ------------------------------------------------------------------------
  app.get('/health', async () => ({ status: 'ok', service: 'gateway' }));
  // Never the site's traffic figures: they are served on the metrics listener only (startGateway).
  app.all(EDGE_METRICS_PATH, (_request, reply) => reply.callNotFound());

  app.get('/remotes.json', async (_request, reply) => {
    const registry = remotesJson(options, publicOrigin);
    if (registry === undefined) return reply.code(503).send(errorBody('REGISTRY_UNAVAILABLE', 'The remotes registry is not available.'));
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(registry);
  });

  for (const file of ['robots.txt', 'sitemap.xml']) {
    app.get(`/${file}`, (request, reply) =>
      options.marketingDir ? reply.sendFile(file, options.marketingDir) : serveDocument(request, reply),
    );
  }

  // A path with an extension is a file of the shell's build (its index.html only ever as a page); anything else is a page.
  app.get('/*', (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (/\.[a-z0-9]+$/i.test(file) && !file.endsWith('.html')) {
      observation.markRoute(request, { route: 'static', target: 'none' });
      return reply.sendFile(file);
    }
    return serveDocument(request, reply);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND', 'Nothing is here.')));
  return app;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const metrics = createEdgeMetrics();
  const pools = createServicePools(options);
  const app = await createGateway(options, metrics, pools);
  const running = await listen(app, options.port, options.host);
  let metricsServer: RunningServer | undefined;
  if (options.metricsPort !== undefined) {
    try {
      metricsServer = await listen(await createMetricsListener(metrics.registry), options.metricsPort, options.metricsHost ?? options.host);
    } catch (error) {
      await running.close();
      throw error;
    }
  }
  return {
    ...running,
    metricsPort: metricsServer?.port,
    replicaPool: (service) => pools.get(service),
    drainReplica: async (service, url, draining) => {
      const pool = pools.get(service);
      if (!pool) throw new Error(`The ${service} service does not run as replicas`);
      await pool.drain(url, draining);
    },
    close: async () => {
      await running.close();
      await metricsServer?.close();
    },
    drain: async (timeoutMs) => {
      // A keep-alive connection goes idle once its answer is sent: close it then, not at its keep-alive timeout.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      const cut = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
        clearTimeout(cut);
        // Scraped until the last request is answered, so the figures of the draining pod are not lost.
        await metricsServer?.close();
      }
    },
  };
}
