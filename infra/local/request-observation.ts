// Where a request's trace starts (a W3C traceparent passed on to the service, @keisha/telemetry) and where the
// site's traffic is counted (edge-metrics.ts): every request gets a span and, once answered or abandoned by its
// client, one observation labelled with what it was (its route class and target).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  extractTraceContext,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Tracing,
  type Span,
} from '@keisha/telemetry';
import type { EdgeMetrics, RouteClass, RouteLabels } from './edge-metrics.ts';

/** What a request is, for its metrics and the name of its span (`name`: the route in bounded form). */
export interface RequestRoute extends RouteLabels {
  name?: string;
}

export interface RequestTrace {
  span: Span;
  context: Context;
  startedAt: number;
}

/** The route class of a request no handler labelled (see markRoute), from its route template. */
export function routeClassOf(template: string | undefined): RouteClass {
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

export interface RequestObservation {
  /** Says what a request is (a handler knows better than its route template). */
  markRoute(request: FastifyRequest, route: RequestRoute): void;
  traceOf(request: FastifyRequest): RequestTrace | undefined;
}

export function observeRequests(
  app: FastifyInstance,
  { metrics, tracing, trustProxy }: { metrics: EdgeMetrics; tracing: Tracing; trustProxy?: string[] },
): RequestObservation {
  // A traceparent is continued only from the proxies in front (an ingress that starts traces itself). From
  // anyone else it is dropped and a new trace begins: a reader cannot pick trace ids (to mix their requests into
  // someone else's trace) nor set the sampled flag (to have every request of theirs recorded at our cost).
  const fromTrustedProxy = trustProxy && trustProxy.length > 0 ? proxyAddr.compile(trustProxy) : () => false;
  const routes = new WeakMap<FastifyRequest, RequestRoute>();
  const traces = new WeakMap<FastifyRequest, RequestTrace>();
  const finished = new WeakSet<FastifyRequest>();
  const routeOf = (request: FastifyRequest): RequestRoute => routes.get(request) ?? { route: routeClassOf(request.routeOptions.url), target: 'none' };

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

  return { markRoute: (request, route) => routes.set(request, route), traceOf: (request) => traces.get(request) };
}
