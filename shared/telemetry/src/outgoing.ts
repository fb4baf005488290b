// Calls from one of our services to another carry the caller's trace: every service-to-service `fetch` goes
// through `tracedFetch`, which opens a client span under the current request's span and sends its
// `traceparent`. Outside a traced request (start-up, a timer) it is a plain fetch.
import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT, ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';
import { traceHeadersOf, tracingOf } from './tracing.ts';

export interface TracedFetchOptions {
  /**
   * The route called, as a template without ids (`/api/identity/internal/accounts/:id`): names the span.
   * Without it the span is named by the method alone, as the conventions say, since a raw path may hold ids.
   */
  route?: string;
}

/** `traceparent` (and `tracestate`) of the current request's span, for a client that sets its own headers. */
export function activeTraceHeaders(): Record<string, string> {
  return traceHeadersOf(context.active());
}

/** fetch, with the call recorded as a client span of the current request and its trace sent along. */
export async function tracedFetch(url: string | URL, init: RequestInit = {}, { route }: TracedFetchOptions = {}): Promise<Response> {
  const parent = context.active();
  const tracing = tracingOf(parent);
  if (!tracing) return fetch(url, init);
  const target = new URL(url);
  const method = (init.method ?? 'GET').toUpperCase();
  const { span, context: callContext } = tracing.startSpan(route ? `${method} ${route}` : method, SpanKind.CLIENT, parent, {
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_SERVER_ADDRESS]: target.hostname,
    [ATTR_SERVER_PORT]: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
  });
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(traceHeadersOf(callContext))) headers.set(name, value);
  try {
    const response = await fetch(url, { ...init, headers });
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return response;
  } catch (error) {
    // A refused connection, a timeout: the span says which, the caller decides what it means.
    span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : 'Error');
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
