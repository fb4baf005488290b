// Proxying: a request for a service (/api/*) or an in-cluster remote (/remotes/<name>/*) is sent on by
// @fastify/reply-from with the client's address, the site's host and this request's trace, and the upstream's
// answer comes back with the edge's security headers in place of its own. An upstream that cannot be reached or
// is too slow to start answering becomes a 502 or 504 with Retry-After.
import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ATTR_ERROR_TYPE, traceHeadersOf } from '@keisha/telemetry';
import { upstreamFailureOf, type EdgeMetrics } from './edge-metrics.ts';
import { errorBody } from './gateway-options.ts';
import type { RequestObservation, RequestRoute } from './request-observation.ts';
import { secureCookies, withoutUpstreamSecurityHeaders } from './security.ts';
import { UPSTREAM_RETRY_AFTER_SECONDS } from './upstream-budgets.ts';

/** The client address to state to a service: Fastify's reading of the trusted chain, or the peer when that is not an address. */
export function clientAddress(request: FastifyRequest): string {
  return net.isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? '');
}

export interface ProxyContext {
  publicOrigin: URL;
  https: boolean;
  metrics: EdgeMetrics;
  observation: RequestObservation;
}

export type ProxyTo = (
  request: FastifyRequest,
  reply: FastifyReply,
  route: RequestRoute,
  base: URL,
  target: string,
  upstream: string,
) => FastifyReply;

export function createProxy({ publicOrigin, https, metrics, observation }: ProxyContext): ProxyTo {
  return (request, reply, route, base, target, upstream) => {
    const body = request.body as Buffer | undefined;
    observation.markRoute(request, route);
    const trace = observation.traceOf(request);
    return reply.from(`.${target}`, {
      getUpstream: () => base.href,
      // Never sent twice: a service's 503 is its answer, not a reason to ask again.
      retryDelay: () => null,
      ...(body && body.length > 0 ? { body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') } : {}),
      // The expectation was answered here (request-checks.ts); the body goes on whole, with its length.
      rewriteRequestHeaders: (_request, { traceparent: _traceparent, tracestate: _tracestate, expect: _expect, ...headers }) => ({
        ...headers,
        'x-forwarded-for': clientAddress(request),
        'x-forwarded-proto': request.protocol,
        'x-forwarded-host': publicOrigin.host,
        // This request's span, never the client's own header (dropped unless continued from a trusted proxy).
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
}
