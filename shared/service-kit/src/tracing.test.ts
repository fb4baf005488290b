// A service's requests as spans of their caller's trace, in its logs and in what it sends on: a real service
// app over real HTTP, an upstream that reports the trace headers it got, and a fake OTLP collector.
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCollector, type FakeCollector } from '@keisha/telemetry/testing';
import { generateKeyPairSync } from 'node:crypto';
import { context, createTracing, ROOT_CONTEXT, SpanKind, tracedFetch } from '@keisha/telemetry';
import { jwksKeyResolver } from './auth.ts';
import { createServiceApp, type ServiceApp } from './app.ts';
import { baseConfigSchema, loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db.ts';
import { z } from 'zod';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

interface LogLine {
  requestId?: string;
  trace_id?: string;
  span_id?: string;
  msg: string;
}

/** An upstream service stand-in that answers with the traceparent it received. */
async function traceEcho(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ traceparent: req.headers.traceparent ?? null })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A service with one route that reads a body, logs, then asks the upstream, as a handler calling identity does. */
async function tracedService(database: DatabaseHandle<unknown>, upstreamUrl: string, env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const app: ServiceApp = await createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0', ...env }),
    database: { ...database, close: async () => {} },
    logger: { level: 'info', stream },
    routes: async (service) => {
      service.post(
        '/things/:id',
        { schema: { params: z.object({ id: z.string() }), body: z.object({ note: z.string() }) } },
        async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          request.log.info('asking upstream');
          const response = await tracedFetch(`${upstreamUrl}/api/auth/me`, {}, { route: '/api/auth/me' });
          return { upstreamSaw: ((await response.json()) as { traceparent: string | null }).traceparent };
        },
      );
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const call = async (headers: Record<string, string> = {}, path = '/things/7') => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ note: 'x' }) });
    const requestId = response.headers.get('x-request-id')!;
    return { status: response.status, body: (await response.json()) as { upstreamSaw?: string }, logs: () => lines.filter((line) => line.requestId === requestId) };
  };
  /** The same call with its body sent in two pieces, the second after a pause: the handler resumes from the socket. */
  const callSlowly = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: { upstreamSaw?: string } }>((resolve, reject) => {
      const request = http.request(`${base}/things/7`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': '12', ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { upstreamSaw?: string } }));
      });
      request.on('error', reject);
      request.write('{"note":');
      setTimeout(() => request.end('"x"}'), 50);
    });
  return { app, call, callSlowly };
}

describe('request tracing in a service', () => {
  let database: DatabaseHandle<unknown>;
  let upstream: Awaited<ReturnType<typeof traceEcho>>;
  let collector: FakeCollector;
  beforeAll(async () => {
    database = await openDatabase({});
    upstream = await traceEcho();
    collector = await startFakeCollector();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await upstream?.close();
    await collector?.close();
  });

  describe('without an exporter (the default)', () => {
    let service: Awaited<ReturnType<typeof tracedService>>;
    beforeAll(async () => {
      service = await tracedService(database, upstream.url);
    });
    afterAll(() => service.app.close());

    it("continues the caller's trace, in every log line of the request and in the call it makes", async () => {
      const { status, body, logs } = await service.call({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` });
      expect(status).toBe(200);
      const lines = logs();
      expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'asking upstream', 'request completed']);
      const spanIds = new Set(lines.map((line) => line.span_id));
      expect(spanIds.size).toBe(1);
      const [spanId] = spanIds;
      expect(spanId).toMatch(HEX16);
      expect(spanId).not.toBe(CALLER_SPAN);
      for (const line of lines) expect(line.trace_id).toBe(TRACE_ID);
      // The upstream is called under a client span of this request: same trace, a parent id of this service.
      const [, trace, parent, flags] = body.upstreamSaw!.split('-');
      expect(trace).toBe(TRACE_ID);
      expect(parent).toMatch(HEX16);
      expect([CALLER_SPAN, spanId]).not.toContain(parent);
      expect(flags).toBe('01');
    });

    it('keeps the trace when the body arrives after the request has started', async () => {
      const { status, body } = await service.callSlowly({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` });
      expect(status).toBe(200);
      expect(body.upstreamSaw?.split('-')[1]).toBe(TRACE_ID);
    });

    it.each([
      ['malformed', { traceparent: 'zz-not-a-trace' }],
      ['all zero', { traceparent: `00-${'0'.repeat(32)}-${CALLER_SPAN}-01` }],
      ['absent', {}],
    ])('answers normally and starts a new trace when the traceparent is %s', async (_case, headers) => {
      const { status, body, logs } = await service.call(headers);
      expect(status).toBe(200);
      const traceIds = new Set(logs().map((line) => line.trace_id));
      expect(traceIds.size).toBe(1);
      const [traceId] = traceIds;
      expect(traceId).toMatch(HEX32);
      expect(traceId).not.toBe('0'.repeat(32));
      expect(body.upstreamSaw!.split('-')[1]).toBe(traceId);
      // Nothing is recorded: the new trace is passed on as not sampled.
      expect(body.upstreamSaw!.split('-')[3]).toBe('00');
    });

    it('puts the trace on the log lines of a request no route matches', async () => {
      const { status, logs } = await service.call({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` }, '/nowhere');
      expect(status).toBe(404);
      expect(logs().length).toBeGreaterThan(0);
      for (const line of logs()) expect(line.trace_id).toBe(TRACE_ID);
    });
  });

  describe('with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
    it('exports the server span under the caller and the client span under it, named by route template', async () => {
      const service = await tracedService(database, upstream.url, { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
      const { body, logs } = await service.call({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` });
      await service.app.close(); // flushes what is buffered
      const spanId = logs()[0]!.span_id!;
      const server = await collector.waitFor((span) => span.spanId === spanId);
      expect(server).toMatchObject({ service: 'probe', traceId: TRACE_ID, parentSpanId: CALLER_SPAN, name: 'POST /things/:id', kind: 2 });
      expect(server.attributes).toMatchObject({ 'http.route': '/things/:id', 'http.request.method': 'POST', 'http.response.status_code': 200 });
      const clientId = body.upstreamSaw!.split('-')[2];
      const client = await collector.waitFor((span) => span.spanId === clientId);
      expect(client).toMatchObject({ service: 'probe', traceId: TRACE_ID, parentSpanId: spanId, name: 'GET /api/auth/me', kind: 3 });
      expect(collector.refused).toEqual([]);
    });
  });

  it("fetches identity's signing keys under a client span of the request that needed them", async () => {
    const jwk = { ...generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }), kid: 'key-1' };
    const seen: Array<string | undefined> = [];
    const identity = http.createServer((req, res) => {
      seen.push(req.headers.traceparent as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => identity.listen(0, '127.0.0.1', resolve));
    const tracing = createTracing({ serviceName: 'probe', exportUrl: `${collector.url}/v1/traces` });
    try {
      const keys = jwksKeyResolver(`http://127.0.0.1:${(identity.address() as { port: number }).port}/.well-known/jwks.json`);
      const { span, context: requestContext } = tracing.startSpan('GET /things/:id', SpanKind.SERVER, ROOT_CONTEXT);
      const pem = await context.with(requestContext, () => keys('key-1'));
      span.end();
      expect(pem).toContain('BEGIN PUBLIC KEY');
      await tracing.forceFlush();
      const [, traceId, parent] = seen[0]!.split('-');
      expect(traceId).toBe(span.spanContext().traceId);
      const client = await collector.waitFor((collected) => collected.spanId === parent);
      expect(client).toMatchObject({ service: 'probe', traceId, parentSpanId: span.spanContext().spanId, name: 'GET /.well-known/jwks.json', kind: 3 });
      expect(client.attributes).toMatchObject({ 'http.response.status_code': 200 });
    } finally {
      await tracing.shutdown();
      await new Promise((resolve) => identity.close(resolve));
    }
  });
});
