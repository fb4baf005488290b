// The edge: serves the shell and its pages, answers /remotes.json, and proxies /api/* to the owning service.
// Locally the launcher runs it beside every part; in production it runs in a container behind the ingress
// (infra/edge). Fastify with its plugins does the work: @fastify/reply-from proxies, @fastify/static serves the
// build, @fastify/compress compresses. What is ours: which upstream answers which path, the prerendered pages, and
// the security headers (security.ts: one set on every answer, errors and services' answers included, and each
// page's Content-Security-Policy).
//
// It is also where a request's trace starts (a W3C traceparent passed to the service, @keisha/telemetry) and
// where the site's traffic is counted (edge-metrics.ts, served on a port of its own, never the public one).
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import proxyAddr from '@fastify/proxy-addr';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  createTracing,
  extractTraceContext,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  traceHeadersOf,
  type Context,
  type Span,
  type TracingSettings,
} from '@keisha/telemetry';
import {
  createEdgeMetrics,
  createMetricsListener,
  EDGE_METRICS_PATH,
  upstreamFailureOf,
  type EdgeMetrics,
  type RouteClass,
  type RouteLabels,
} from './edge-metrics.ts';
import { createComposedPages, createPrerenderSource, pageForPath, remoteBaseOf, type ComposedPage } from './prerender.ts';
import {
  documentDirectives,
  hasPayPalButton,
  inlineScriptHashes,
  policyText,
  registryOrigins,
  secureCookies,
  securityHeaders,
  withoutUpstreamSecurityHeaders,
} from './security.ts';
import { compression, listen, setCacheHeaders, type RunningServer } from './static-server.ts';
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, fastifyPath, LARGE_BODY_ROUTES } from './body-limits.ts';
import { apiRouteFor, REMOTES, SERVICES, type RemoteName, type ServiceName } from './topology.ts';
import { budgetedDispatcher, budgetsByOrigin, remoteBudget, serviceBudgets, UPSTREAM_RETRY_AFTER_SECONDS } from './upstream-budgets.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  shellDir: string;
  /**
   * The site's origin as readers reach it (`https://keisha.example`, `http://localhost:3000`). It is the only
   * source of the site's address: canonical URLs, the default remotes.json and X-Forwarded-Host come from it,
   * never from a request's Host header. An https origin also turns on HSTS and `Secure` cookies.
   */
  publicOrigin: string;
  /**
   * Where each remote's manifest is served from (its own port on the public origin's host), for the default
   * remotes.json. Without it, and without a readable remotesFile, /remotes.json answers 503.
   */
  remotePorts?: Record<RemoteName, number>;
  /** The services on 127.0.0.1 (the local run). */
  servicePorts?: Record<ServiceName, number>;
  /** The services' base URLs (`http://identity:4001` in a cluster), used instead of servicePorts when given. */
  serviceUrls?: Record<ServiceName, string>;
  /**
   * Remotes served through the gateway at `/remotes/<name>/` (the in-cluster option, where the ingress
   * reaches only the edge): their base URLs. The gateway also reads a prerender index from there directly.
   */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /**
   * Addresses or CIDR ranges of the proxies in front of the gateway (the ingress controller). From those
   * peers, X-Forwarded-For and -Proto are believed; from anyone else they are replaced.
   */
  trustProxy?: string[];
  /** The marketing build, which owns robots.txt and sitemap.xml for the whole site. */
  marketingDir?: string;
  /**
   * A remotes.json to serve as is instead of the default, re-read on every request: re-pointing a
   * remote is editing this file, with no shell rebuild and no restart.
   */
  remotesFile?: string;
  /** Remotes run by `rspack serve` (npm run dev): pages may open their hot-reload sockets. */
  hotReload?: boolean;
  /** How long a client may take to send a whole request (headers and body) before it gets 408. */
  requestTimeoutMs?: number;
  /**
   * How long every service and remote may take to start answering (its headers) before the reader gets 504,
   * instead of the budgets of upstream-budgets.ts (10 s for identity ... 90 s for the chat); a streamed answer may
   * then take as long as it needs. 0: no limit.
   */
  upstreamTimeoutMs?: number;
  /** One service's budget, over `upstreamTimeoutMs` and the default; 0: no limit. */
  upstreamTimeouts?: Partial<Record<ServiceName, number>>;
  /**
   * The port of the Prometheus metrics listener (GET /metrics), apart from the public one, which answers 404
   * there. Unset: no metrics listener. 0: any free port (tests).
   */
  metricsPort?: number;
  /** Where the metrics listener binds; by default where the public one does. */
  metricsHost?: string;
  /**
   * Trace export (OTLP/HTTP) and sampling. Without an export URL, traces are still started and passed to the
   * services (their logs carry the ids), but nothing is recorded.
   */
  tracing?: Partial<TracingSettings>;
}

/** The largest body the edge takes on a route with no larger documented limit (body-limits.ts). Beyond it, 413. */
export const MAX_BODY_BYTES = DEFAULT_BODY_LIMIT_BYTES;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

function errorBody(code: string, message: string) {
  return { success: false, error: { code, message } };
}

/** A base URL for proxying: http(s) only, no query or credentials, ending in `/`. Throws with the offending value. */
export function upstreamBase(value: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${label} must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${label} must be a plain http(s) base URL, got "${value}"`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

function serviceBases(options: GatewayOptions): Record<ServiceName, URL> {
  const { serviceUrls, servicePorts } = options;
  if (!serviceUrls && !servicePorts) throw new Error('The gateway needs serviceUrls or servicePorts');
  return Object.fromEntries(
    SERVICES.map((name) => [
      name,
      serviceUrls ? upstreamBase(serviceUrls[name], `the ${name} service URL`) : new URL(`http://127.0.0.1:${servicePorts![name]}/`),
    ]),
  ) as Record<ServiceName, URL>;
}

function remoteBases(options: GatewayOptions): Map<RemoteName, URL> {
  const bases = new Map<RemoteName, URL>();
  for (const name of REMOTES) {
    const url = options.remoteUrls?.[name];
    if (url) bases.set(name, upstreamBase(url, `the ${name} remote URL`));
  }
  return bases;
}

/** The registry's text, or undefined when there is none to give (no remotesFile readable, no remotePorts). */
function remotesJson(options: GatewayOptions, publicOrigin: URL): string | undefined {
  if (options.remotesFile) {
    try {
      return readFileSync(options.remotesFile, 'utf8');
    } catch {
      // not there (yet): the default, when there is one
    }
  }
  const ports = options.remotePorts;
  if (!ports) return undefined;
  const entries = Object.fromEntries(REMOTES.map((name) => [name, `${publicOrigin.protocol}//${publicOrigin.hostname}:${ports[name]}/mf-manifest.json`]));
  return JSON.stringify(entries, null, 2);
}

/** The remote a `/remotes/<name>/...` path names, and the rest of the path after its prefix. */
function proxiedRemotePath(pathname: string): { name: RemoteName; rest: string } | undefined {
  const match = /^\/remotes\/([a-z]+)\/(.*)$/s.exec(pathname);
  const name = match?.[1] as RemoteName | undefined;
  return match && name && (REMOTES as readonly string[]).includes(name) ? { name, rest: match[2] ?? '' } : undefined;
}

/**
 * Where the gateway itself reads a remote's files: straight from the remote when its public base is one the
 * gateway serves at `/remotes/<name>/` on the site's own origin (no round trip through the ingress).
 */
function fetchBaseOf(remoteBase: string, siteOrigin: string, remotes: Map<RemoteName, URL>): string {
  const url = new URL(remoteBase);
  if (url.origin !== siteOrigin) return remoteBase;
  const proxied = proxiedRemotePath(url.pathname);
  const base = proxied && remotes.get(proxied.name);
  return base ? new URL(proxied.rest, base).href : remoteBase;
}

/** Identity's readable companion of the refresh cookie (SESSION_HINT_COOKIE in @keisha/contracts/identity). */
export const SESSION_HINT_COOKIE = 'keisha_session';

function hasSessionHint(request: FastifyRequest): boolean {
  const cookies = String(request.headers.cookie ?? '').split(';').map((part) => part.trim());
  return cookies.includes(`${SESSION_HINT_COOKIE}=1`);
}

/** The client address to state to a service: Fastify's reading of the trusted chain, or the peer when that is not an address. */
function clientAddress(request: FastifyRequest): string {
  return net.isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? '');
}

/** The client errors Node meets before any route runs, in our error shape with the edge's headers (the socket is closed after). */
function clientErrorResponse(error: Error & { code?: string }, headers: Record<string, string>): string {
  const [status, reason, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large.']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request is malformed.'];
  const body = JSON.stringify(errorBody(code, message));
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export interface RunningGateway extends RunningServer {
  /** The metrics listener's port, when there is one. */
  metricsPort?: number;
  /**
   * Stops taking connections and lets requests in flight finish (a streamed chat answer included) for up to
   * `timeoutMs`, then cuts what is left. Resolves once every connection is closed.
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * Why a request is not one the edge serves, or undefined: HTTP/1.0 or 1.1 only (an HTTP/0.9-style request line has
 * no version and no headers), exactly one Host (two could route the edge and a service differently), and HTTP/1.1
 * with a Host.
 */
export function protocolProblem(request: Pick<http.IncomingMessage, 'httpVersion' | 'rawHeaders'>): string | undefined {
  if (request.httpVersion !== '1.1' && request.httpVersion !== '1.0') return 'Only HTTP/1.0 and HTTP/1.1 are served.';
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return 'A request must carry one Host header, not several.';
  if (hosts === 0 && request.httpVersion === '1.1') return 'The Host header is required.';
  return undefined;
}

/** The route class of a request no handler labelled (see markRoute), from its route template. */
function routeClassOf(template: string | undefined): RouteClass {
  switch (template) {
    case '/health':
      return 'health';
    case '/remotes.json':
      return 'registry';
    case '/robots.txt':
    case '/sitemap.xml':
      return 'static';
    case '/api':
    case '/api/*':
      return 'api';
    case '/*':
    case '/remotes/*':
      return 'page';
    default:
      return 'not_found';
  }
}

/** What a request is, for its metrics and the name of its span (`name`: the route in bounded form). */
interface RequestRoute extends RouteLabels {
  name?: string;
}

export async function createGateway(options: GatewayOptions, metrics: EdgeMetrics = createEdgeMetrics()): Promise<FastifyInstance> {
  const services = serviceBases(options);
  const remotes = remoteBases(options);
  const publicOrigin = new URL(upstreamBase(options.publicOrigin, 'the public origin').origin);
  const siteOrigin = publicOrigin.origin;
  const https = publicOrigin.protocol === 'https:';
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const prerendered = createPrerenderSource();
  const composedPages = createComposedPages();
  const tracing = createTracing({ serviceName: 'edge', ...options.tracing });
  // A traceparent is continued only from the proxies in front (an ingress that starts traces itself). From
  // anyone else it is dropped and a new trace begins: a reader cannot pick trace ids (to mix their requests into
  // someone else's trace) nor set the sampled flag (to have every request of theirs recorded at our cost).
  const fromTrustedProxy = options.trustProxy && options.trustProxy.length > 0 ? proxyAddr.compile(options.trustProxy) : () => false;
  const routes = new WeakMap<FastifyRequest, RequestRoute>();
  const traces = new WeakMap<FastifyRequest, { span: Span; context: Context; startedAt: number }>();
  const finished = new WeakSet<FastifyRequest>();
  const markRoute = (request: FastifyRequest, route: RequestRoute) => routes.set(request, route);
  const headers = securityHeaders({ https });
  const routeOf = (request: FastifyRequest): RequestRoute => routes.get(request) ?? { route: routeClassOf(request.routeOptions.url), target: 'none' };

  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    bodyLimit: MAX_BODY_BYTES,
    // While draining, a request on a connection already open is still answered, not refused with 503.
    return503OnClosing: false,
    // The whole request must have arrived within this time (a slow sender gets 408); answers may stream for as long as they need.
    requestTimeout,
    // A request without Host is refused by the protocol check below, in our shape (Node's own 400 has no body or headers).
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout / 4), requireHostHeader: false },
    clientErrorHandler: (error, socket) => {
      if (socket.writable) socket.end(clientErrorResponse(error, headers));
      else socket.destroy();
    },
    // A path Fastify cannot route (`GET /%`): answered before any hook, so the headers are set here.
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.headers(headers).code(400).send(errorBody('BAD_URL', 'The address is not correctly encoded.'));
    },
  });

  // `Expect: 100-continue` (libcurl for larger bodies, .NET, Java) is answered here, by the first server to read
  // the body, and never passed on (undici, which proxies, refuses the header: that was a 502 counted as an
  // upstream failure). Go on is said only for a body the route takes: a declared length over its limit gets its
  // 413 before a byte of the body is sent. Any other expectation goes to the 417 hook below.
  const server = app.server as http.Server;
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const declared = Number(req.headers['content-length']);
    if (!(declared > bodyLimitFor(req.method ?? 'GET', pathname))) res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => server.emit('request', req, res));

  app.setErrorHandler((error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    // reply-from refuses a path it cannot join safely (`..` segments, broken %-encoding): the address is bad.
    if (error instanceof URIError) return reply.code(400).send(errorBody('BAD_URL', 'The address is not correctly encoded.'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody('BAD_REQUEST', 'Bad request.'));
    return reply.code(500).send(errorBody('INTERNAL', 'The gateway failed to answer.'));
  });

  // --- every request: the edge's headers first (any answer, an error included, carries them), and a request
  // that is not plain HTTP/1.x to one host refused -----------------------------------------------------------
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const problem = protocolProblem(request.raw);
    if (!problem) return done();
    void reply.code(400).header('Connection', 'close').send(errorBody('BAD_REQUEST', problem));
  });

  // --- every request: its span, and once answered (or abandoned by the client), its metrics ---------------
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = fromTrustedProxy(request.socket.remoteAddress ?? '', 0) ? extractTraceContext(request.headers) : ROOT_CONTEXT;
    const started = tracing.startSpan(request.method, SpanKind.SERVER, parent, { [ATTR_HTTP_REQUEST_METHOD]: request.method });
    traces.set(request, { ...started, startedAt: performance.now() });
    done();
  });
  const finish = (request: FastifyRequest, status: number, seconds: number) => {
    if (finished.has(request)) return;
    finished.add(request);
    const route = routeOf(request);
    metrics.observeRequest({ ...route, method: request.method, status }, seconds);
    const trace = traces.get(request);
    if (!trace) return;
    const template = route.name ?? request.routeOptions.url;
    if (template) {
      trace.span.updateName(`${request.method} ${template}`);
      trace.span.setAttribute(ATTR_HTTP_ROUTE, template);
    }
    trace.span.setAttributes({ [ATTR_HTTP_RESPONSE_STATUS_CODE]: status, 'keisha.route_class': route.route, 'keisha.target': route.target });
    if (status >= 500) trace.span.setStatus({ code: SpanStatusCode.ERROR });
    trace.span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    finish(request, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // A reader who leaves before the answer ends (a closed tab mid-stream) is counted as 499, as nginx does.
  app.addHook('onRequestAbort', (request, done) => {
    const startedAt = traces.get(request)?.startedAt;
    finish(request, 499, startedAt === undefined ? 0 : (performance.now() - startedAt) / 1000);
    done();
  });
  app.addHook('onClose', async () => {
    await tracing.shutdown();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const expectation = request.headers.expect;
    if (expectation === undefined || expectation.trim().toLowerCase() === '100-continue') return done();
    void reply.code(417).send(errorBody('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is supported.'));
  });
  await app.register(compress, compression);
  // Every upstream has a time budget for its headers (none for its body, so a started stream is never cut).
  const budgetForService = serviceBudgets(options);
  const budgets = budgetsByOrigin([
    ...SERVICES.map((name) => [services[name].origin, budgetForService[name]] as const),
    ...[...remotes.values()].map((base) => [base.origin, remoteBudget(options)] as const),
  ]);
  const dispatcher = budgetedDispatcher((origin) => budgets.get(origin) ?? 0);
  app.addHook('onClose', async () => {
    await dispatcher.destroy();
  });
  await app.register(replyFrom, { undici: dispatcher });
  // The shell's files, sent by the catch-all route below (so compression and the headers apply to them too).
  await app.register(fastifyStatic, { root: options.shellDir, serve: false, index: false, cacheControl: false, setHeaders: setCacheHeaders, preCompressed: true });

  // --- proxying: /api/* to the owning service, /remotes/<name>/* to an in-cluster remote -------------------
  const proxyTo = (request: FastifyRequest, reply: FastifyReply, route: RequestRoute, base: URL, target: string, upstream: string) => {
    const body = request.body as Buffer | undefined;
    markRoute(request, route);
    const trace = traces.get(request);
    return reply.from(`.${target}`, {
      getUpstream: () => base.href,
      // Never sent twice: a service's 503 is its answer, not a reason to ask again.
      retryDelay: () => null,
      ...(body && body.length > 0 ? { body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') } : {}),
      // The expectation was answered here (checkContinue above); the body goes on whole, with its length.
      rewriteRequestHeaders: (_request, { traceparent: _traceparent, tracestate: _tracestate, expect: _expect, ...headers }) => ({
        ...headers,
        'x-forwarded-for': clientAddress(request),
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': publicOrigin.host,
        // This request's span, never the client's own header (dropped above unless continued from a trusted proxy).
        ...(trace ? traceHeadersOf(trace.context) : {}),
      }),
      // The service's own security headers give way to the edge's set (on the reply since onRequest).
      rewriteHeaders: (upstreamHeaders) => ({
        ...withoutUpstreamSecurityHeaders(upstreamHeaders),
        ...(https && upstreamHeaders['set-cookie'] ? { 'set-cookie': secureCookies(upstreamHeaders['set-cookie'] as string | string[]) } : {}),
        // The id to quote when reporting a problem: it finds the request in every service's logs.
        ...(trace ? { 'x-trace-id': trace.span.spanContext().traceId } : {}),
      }),
      onError: (failed, { error }) => {
        const failure = upstreamFailureOf(error);
        metrics.countUpstreamFailure(route, failure);
        trace?.span.setAttribute(ATTR_ERROR_TYPE, failure);
        request.log.warn({ err: error }, 'upstream failed');
        // Both are passing states (a service restarting, a pod replaced): the client may ask again shortly.
        failed.header('Retry-After', String(UPSTREAM_RETRY_AFTER_SECONDS));
        if (failure === 'timeout') {
          void failed.code(504).send(errorBody('UPSTREAM_TIMEOUT', `The ${upstream} did not answer in time. Please try again shortly.`));
          return;
        }
        void failed.code(502).send(errorBody('UPSTREAM_UNAVAILABLE', `The ${upstream} is not reachable. Please try again shortly.`));
      },
    });
  };

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
      return proxyTo(
        request,
        reply,
        { route: 'api', target: service, name: prefix },
        services[service],
        request.url,
        `${service} service`,
      );
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

  /** The shell's page with the marketing remote's prerendered markup in it, for a path that remote prerenders. */
  async function prerenderedPage(request: FastifyRequest, pathname: string, shellHtml: string, registry: string | undefined): Promise<ComposedPage | undefined> {
    // A reader with a session gets the chat at `/`, not the landing page: identity's readable hint cookie says so.
    if (pathname === '/' && hasSessionHint(request)) return undefined;
    let manifestUrl: unknown;
    try {
      manifestUrl = (JSON.parse(registry ?? 'null') as Record<string, unknown> | null)?.marketing;
    } catch {
      return undefined;
    }
    const remoteBase = typeof manifestUrl === 'string' ? remoteBaseOf(manifestUrl) : undefined;
    if (!remoteBase) return undefined;
    const index = await prerendered.indexFor(fetchBaseOf(remoteBase, siteOrigin, remotes));
    const page = index && pageForPath(index, pathname);
    if (!index || !page) return undefined;
    return composedPages.get(shellHtml, index, page, { origin: siteOrigin, remoteBase });
  }

  /** A page of the site: the shell (a client-side route), with a prerendered page in it where there is one. */
  async function serveDocument(request: FastifyRequest, reply: FastifyReply) {
    markRoute(request, { route: 'page', target: 'none' });
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname !== '/' && /\.[a-z0-9]+$/i.test(pathname)) return reply.callNotFound(); // files are never pages
    let shellHtml: string;
    try {
      shellHtml = readFileSync(path.join(options.shellDir, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).send(errorBody('SHELL_UNAVAILABLE', 'The site is not built yet.'));
    }
    const registry = remotesJson(options, publicOrigin);
    const page = await prerenderedPage(request, pathname, shellHtml, registry);
    const policy = documentDirectives({
      remoteOrigins: registryOrigins(registry),
      scriptHashes: [...inlineScriptHashes(shellHtml), ...(page?.scriptHashes ?? [])],
      styleHashes: page?.styleHashes ?? [],
      styleAttributeHashes: page?.styleAttributeHashes ?? [],
      https,
      hotReload: options.hotReload,
      paypal: hasPayPalButton(pathname),
    });
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', policyText(policy))
      .send(page?.html ?? shellHtml);
  }

  // A path with an extension is a file of the shell's build (its index.html only ever as a page); anything else is a page.
  app.get('/*', (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    if (/\.[a-z0-9]+$/i.test(file) && !file.endsWith('.html')) {
      markRoute(request, { route: 'static', target: 'none' });
      return reply.sendFile(file);
    }
    return serveDocument(request, reply);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND', 'Nothing is here.')));
  return app;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const metrics = createEdgeMetrics();
  const app = await createGateway(options, metrics);
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
