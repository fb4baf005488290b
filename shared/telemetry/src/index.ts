export { tracingEnvShape, tracingSettingsFrom, tracingSettingsFromEnv, type TracingSettings } from './settings.ts';
export {
  createTracing,
  extractTraceContext,
  traceHeadersOf,
  traceIdsOf,
  tracingOf,
  type HeaderRecord,
  type TraceIds,
  type Tracing,
  type TracingOptions,
} from './tracing.ts';
export { activeTraceHeaders, tracedFetch, type TracedFetchOptions } from './outgoing.ts';
// The one copy of the OpenTelemetry API our code uses (another version sits in node_modules for other packages).
export { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
export {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_ERROR_TYPE,
} from '@opentelemetry/semantic-conventions';
export type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
