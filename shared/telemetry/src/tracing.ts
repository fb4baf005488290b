// Traces with OpenTelemetry, one tracer provider per process part (the edge, or a service). A request's trace
// starts at the edge and travels in the W3C `traceparent` header; each hop starts its own span under it.
//
// Export is off unless an OTLP URL is configured (settings.ts). Off, the sampler decides "not recorded" for
// every new trace: the SDK then hands back a non-recording span that still has fresh ids, so ids are passed on
// and logged at almost no cost, and nothing is buffered or sent. On, new traces are recorded (all of them, or
// the configured share) and a continued trace follows its caller's decision (the `sampled` flag).
import {
  context,
  createContextKey,
  ROOT_CONTEXT,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanKind,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracingSettings } from './settings.ts';

/** Request headers as Node gives them (lower-case names), or any plain header record. */
export type HeaderRecord = Record<string, string | string[] | number | undefined>;

const propagator = new W3CTraceContextPropagator();

const getter: TextMapGetter<HeaderRecord> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'number' ? String(value) : value;
  },
};

const setter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * The caller's trace, from its `traceparent` (and `tracestate`) header. Anything malformed (a wrong length,
 * version ff, all-zero ids, two headers joined) is ignored: the answer is then the empty context, and the
 * span started under it begins a new trace. A header can never make a request fail.
 */
export function extractTraceContext(headers: HeaderRecord): Context {
  return propagator.extract(ROOT_CONTEXT, headers, getter);
}

/** `traceparent` (and `tracestate`) for a call made on behalf of `ctx`'s span; empty when there is no span. */
export function traceHeadersOf(ctx: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  propagator.inject(ctx, headers, setter);
  return headers;
}

/** The ids a log line carries, in the form trace back-ends search for (lower-case hex). */
export interface TraceIds {
  trace_id: string;
  span_id: string;
}

export function traceIdsOf(span: Span): TraceIds {
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

export interface TracingOptions extends Partial<TracingSettings> {
  /** `service.name` of every span: `edge`, `identity`, `decoder`... */
  serviceName: string;
  serviceVersion?: string;
  /** Spans go here instead of to OTLP (tests). Turns recording on like an export URL does. */
  exporter?: SpanExporter;
}

export interface Tracing {
  readonly serviceName: string;
  /** Whether spans are recorded and exported (an export URL or exporter is configured). */
  readonly exporting: boolean;
  /**
   * Starts a span under `parent` and hands back the context that carries it (and this Tracing, so that
   * `tracedFetch` called inside it makes its client spans with the same provider).
   */
  startSpan(name: string, kind: SpanKind, parent: Context, attributes?: Attributes): { span: Span; context: Context };
  /** Sends what is buffered (tests; shutdown does it too). */
  forceFlush(): Promise<void>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

const TRACING = createContextKey('keisha.tracing');

/** The Tracing of the request whose context is `ctx`, when one started it. */
export function tracingOf(ctx: Context): Tracing | undefined {
  return ctx.getValue(TRACING) as Tracing | undefined;
}

let contextManagerSet = false;

/**
 * Context follows async work (awaits, timers, callbacks) through Node's AsyncLocalStorage, so a call made deep
 * inside a request's handler finds that request's span. One manager per process, set on first use.
 */
function ensureContextManager(): void {
  if (contextManagerSet) return;
  contextManagerSet = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

export function createTracing(options: TracingOptions): Tracing {
  ensureContextManager();
  const exporter = options.exporter ?? (options.exportUrl ? new OTLPTraceExporter({ url: options.exportUrl }) : undefined);
  const ratio = options.sampleRatio ?? 1;
  const root = !exporter ? new AlwaysOffSampler() : ratio >= 1 ? new AlwaysOnSampler() : new TraceIdRatioBasedSampler(ratio);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      'service.namespace': 'keisha',
      ...(options.serviceVersion ? { [ATTR_SERVICE_VERSION]: options.serviceVersion } : {}),
    }),
    // A caller's `sampled` decision is followed even here without an exporter, so a hop that does not export
    // still tells the next one to record; a span it records then goes nowhere (no processor).
    sampler: new ParentBasedSampler({ root }),
    spanProcessors: exporter ? [new BatchSpanProcessor({ exporter })] : [],
  });
  const tracer = provider.getTracer('@keisha/telemetry');
  const tracing: Tracing = {
    serviceName: options.serviceName,
    exporting: exporter !== undefined,
    startSpan(name, kind, parent, attributes) {
      const span = tracer.startSpan(name, { kind, attributes }, parent);
      return { span, context: trace.setSpan(parent.setValue(TRACING, tracing), span) };
    },
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
  return tracing;
}
