// Every request a service answers is a span of the trace its caller started (the edge, or another service),
// and every log line of the request names that trace. Done once here for every service:
//
// - The span starts when Fastify makes the request's logger (its child-logger factory), under the incoming
//   `traceparent`, or as a new trace when there is none or it is malformed. So the logger is born with
//   trace_id and span_id in its bindings, and every line of the request, Fastify's own included, carries them.
// - The rest of the request runs inside the span's context (AsyncLocalStorage, entered in onRequest), so
//   `tracedFetch` (telemetry) called anywhere under the handler sends the trace on to the next service; a body
//   that arrives after the request began does not lose it (tracing.test.ts sends one in two pieces).
// - The span is named by method and route template (never the raw path) and ends with the answer's status.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  context,
  extractTraceContext,
  SpanKind,
  SpanStatusCode,
  traceIdsOf,
  type Context,
  type Span,
  type Tracing,
} from '@keisha/telemetry';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

interface RequestTrace {
  span: Span;
  context: Context;
}

export interface RequestTracing {
  /** For Fastify's `childLoggerFactory` option: it must be in place before any route (the 404 one included) exists. */
  childLoggerFactory: ChildLoggerFactory;
  /** Adds the hooks; call before any other plugin so the request's context is entered first. */
  register(app: FastifyInstance): void;
}

export function requestTracing(tracing: Tracing): RequestTracing {
  // The trace rides on the raw request under a symbol of its own. A WeakMap keyed by the request did the same,
  // but its entries are ephemerons the garbage collector must process specially: about 5 us of CPU per request
  // over HTTP (request-overhead.ts). Nothing else can see or set this property.
  const TRACE = Symbol('keisha.requestTrace');
  type TracedMessage = IncomingMessage & { [TRACE]?: RequestTrace };

  const traceOf = (raw: TracedMessage): RequestTrace => {
    let found = raw[TRACE];
    if (!found) {
      const method = raw.method ?? 'GET';
      found = tracing.startSpan(method, SpanKind.SERVER, extractTraceContext(raw.headers), { [ATTR_HTTP_REQUEST_METHOD]: method });
      raw[TRACE] = found;
    }
    return found;
  };

  return {
    childLoggerFactory(logger, bindings, options, rawRequest) {
      return logger.child({ ...bindings, ...traceIdsOf(traceOf(rawRequest as IncomingMessage).span) }, options);
    },

    register(app) {
      app.addHook('onRequest', (request, _reply, done) => {
        const { span, context: requestContext } = traceOf(request.raw);
        const route = request.routeOptions.url;
        if (route) {
          span.updateName(`${request.method} ${route}`);
          span.setAttribute(ATTR_HTTP_ROUTE, route);
        }
        context.with(requestContext, done);
      });
      app.addHook('onError', (request, _reply, error, done) => {
        traceOf(request.raw).span.setAttribute(ATTR_ERROR_TYPE, (error as { code?: string }).code ?? error.name);
        done();
      });
      app.addHook('onResponse', (request, reply, done) => {
        const { span } = traceOf(request.raw);
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
        // A 4xx is the caller's mistake, answered as designed; only a 5xx is this service failing.
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        done();
      });
      // A client that leaves before its answer ends (a closed tab during a streamed reply) gets no onResponse.
      app.addHook('onRequestAbort', (request, done) => {
        const { span } = traceOf(request.raw);
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client closed the connection' });
        span.end();
        done();
      });
      // Spans still buffered go out before the process stops.
      app.addHook('onClose', async () => {
        await tracing.shutdown();
      });
    },
  };
}
