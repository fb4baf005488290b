import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { tracingSettingsFrom, tracingSettingsFromEnv } from './settings.ts';
import { createTracing, extractTraceContext, traceHeadersOf } from './tracing.ts';
import { activeTraceHeaders, tracedFetch } from './outgoing.ts';
import { startFakeCollector, type FakeCollector } from './testing/fake-collector.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const HEX32 = /^[0-9a-f]{32}$/;

/** An upstream that answers with the trace headers it received. */
async function echoTraceServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ traceparent: req.headers.traceparent ?? null, tracestate: req.headers.tracestate ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('tracing settings from the environment', () => {
  it('is off without an endpoint, and builds the traces URL as the specification says', () => {
    expect(tracingSettingsFrom({})).toEqual({ exportUrl: undefined, sampleRatio: 1 });
    expect(tracingSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).exportUrl).toBe('http://collector:4318/v1/traces');
    expect(
      tracingSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://other:9999/traces' }).exportUrl,
    ).toBe('http://other:9999/traces');
    expect(tracingSettingsFrom({ OTEL_TRACES_SAMPLER_ARG: 0.25 }).sampleRatio).toBe(0.25);
  });

  it('reads a process environment, where an empty variable is unset and a bad one is named', () => {
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '', PATH: '/bin' })).toEqual({ exportUrl: undefined, sampleRatio: 1 });
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '0.5' })).toEqual({ exportUrl: 'http://c:4318/v1/traces', sampleRatio: 0.5 });
    expect(() => tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => tracingSettingsFromEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});

describe('trace context from a caller', () => {
  const tracing = createTracing({ serviceName: 'test' });

  it('continues a well-formed traceparent: same trace, a new span of ours under the caller', () => {
    const parent = extractTraceContext({ traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`, tracestate: 'vendor=1' });
    const { span, context: ctx } = tracing.startSpan('GET /x', SpanKind.SERVER, parent);
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(span.spanContext().spanId).not.toBe(PARENT_ID);
    const sent = traceHeadersOf(ctx);
    expect(sent.traceparent).toBe(`00-${TRACE_ID}-${span.spanContext().spanId}-01`);
    expect(sent.tracestate).toBe('vendor=1');
  });

  it('passes an unsampled caller on as unsampled, and records nothing without an exporter', () => {
    const { span, context: ctx } = tracing.startSpan('GET /x', SpanKind.SERVER, extractTraceContext({ traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` }));
    expect(span.isRecording()).toBe(false);
    expect(traceHeadersOf(ctx).traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-00$`));
  });

  it.each([
    ['garbage', 'not a traceparent'],
    ['a wrong length', `00-${TRACE_ID}0-${PARENT_ID}-01`],
    ['upper-case hex', `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ['version ff', `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${PARENT_ID}-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['two headers joined', `00-${TRACE_ID}-${PARENT_ID}-01, 00-${TRACE_ID}-${PARENT_ID}-01`],
    ['a huge value', `00-${'a'.repeat(100_000)}`],
  ])('starts a new trace when the traceparent is malformed (%s)', (_case, traceparent) => {
    const parent = extractTraceContext({ traceparent, tracestate: '=,=,'.repeat(1000) });
    expect(trace.getSpanContext(parent)).toBeUndefined();
    const { span } = tracing.startSpan('GET /x', SpanKind.SERVER, parent);
    expect(span.spanContext().traceId).toMatch(HEX32);
    expect(span.spanContext().traceId).not.toBe(TRACE_ID);
    expect(span.spanContext().traceId).not.toBe('0'.repeat(32));
  });

  it('starts a new trace without a traceparent, and gives every request its own', () => {
    const first = tracing.startSpan('GET /x', SpanKind.SERVER, ROOT_CONTEXT).span.spanContext();
    const second = tracing.startSpan('GET /x', SpanKind.SERVER, ROOT_CONTEXT).span.spanContext();
    expect(first.traceId).toMatch(HEX32);
    expect(first.traceId).not.toBe(second.traceId);
  });
});

describe('calls to another service', () => {
  let upstream: Awaited<ReturnType<typeof echoTraceServer>>;
  let collector: FakeCollector;
  beforeAll(async () => {
    upstream = await echoTraceServer();
    collector = await startFakeCollector();
  });
  afterAll(async () => {
    await upstream.close();
    await collector.close();
  });

  it('send no trace headers outside a traced request', async () => {
    const body = (await (await tracedFetch(upstream.url)).json()) as { traceparent: string | null };
    expect(body.traceparent).toBeNull();
    expect(activeTraceHeaders()).toEqual({});
  });

  it('carry the request trace through awaits, as a client span exported with its parent link', async () => {
    const tracing = createTracing({ serviceName: 'caller', exportUrl: `${collector.url}/v1/traces` });
    const { span: server, context: requestContext } = tracing.startSpan('GET /things/:id', SpanKind.SERVER, ROOT_CONTEXT);
    const received = await context.with(requestContext, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await tracedFetch(upstream.url, { headers: { authorization: 'Bearer x' } }, { route: '/api/auth/me' });
      return (await response.json()) as { traceparent: string };
    });
    server.end();
    await tracing.forceFlush();
    const { traceId, spanId: serverId } = server.spanContext();
    const [, sentTrace, sentParent, flags] = received.traceparent.split('-');
    expect(sentTrace).toBe(traceId);
    expect(flags).toBe('01');
    const client = await collector.waitFor((s) => s.spanId === sentParent);
    expect(client).toMatchObject({ service: 'caller', traceId, parentSpanId: serverId, name: 'GET /api/auth/me', kind: 3 });
    expect(client.attributes['http.response.status_code']).toBe(200);
    expect(await collector.waitFor((s) => s.spanId === serverId)).toMatchObject({ name: 'GET /things/:id', kind: 2 });
    expect(collector.spans.find((s) => s.spanId === serverId)?.parentSpanId).toBeUndefined();
    expect(collector.refused).toEqual([]);
    await tracing.shutdown();
  });

  it('record a failed call as an error and still throw it', async () => {
    const tracing = createTracing({ serviceName: 'caller', exportUrl: `${collector.url}/v1/traces` });
    const { span, context: requestContext } = tracing.startSpan('GET /x', SpanKind.SERVER, ROOT_CONTEXT);
    await expect(context.with(requestContext, () => tracedFetch('http://127.0.0.1:1/'))).rejects.toThrow();
    span.end();
    await tracing.forceFlush();
    const failed = await collector.waitFor((s) => s.traceId === span.spanContext().traceId && s.kind === 3);
    expect(failed.status.code).toBe(2);
    await tracing.shutdown();
  });
});
