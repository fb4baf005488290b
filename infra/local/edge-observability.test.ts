// The edge's metrics and traces, against real HTTP upstreams: the public port never shows /metrics, the metrics
// port counts what the public one answered by route class (never by raw path), upstream failures are counted by
// cause, and a request's trace is started here and handed to the service, continued only from a trusted proxy.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCollector, type FakeCollector } from '@keisha/telemetry/testing';
import { methodLabel, upstreamFailureOf } from './edge-metrics.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from './gateway.ts';
import { listenHttp } from './testing.ts';
import type { RunningServer } from './static-server.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** An upstream that answers with the trace headers it received (or, `hang`, never answers). */
async function upstream({ hang = false } = {}): Promise<RunningServer & { url: string }> {
  const server = http.createServer((req, res) => {
    if (hang) return;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ traceparent: req.headers.traceparent ?? null, tracestate: req.headers.tracestate ?? null }));
    });
  });
  const running = await listenHttp(server);
  return { ...running, url: `http://127.0.0.1:${running.port}` };
}

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const running = await listenHttp(http.createServer());
  await running.close();
  return running.port;
}

function shellDir(): string {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'keisha-edge-obs-')), 'shell');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Keisha</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  return dir;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function get(port: number, route: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The value of one series in Prometheus' text format, or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('the edge', () => {
  let decoder: Awaited<ReturnType<typeof upstream>>;
  let chat: Awaited<ReturnType<typeof upstream>>;
  let collector: FakeCollector;
  const gateways: RunningGateway[] = [];

  async function gateway(extra: Partial<GatewayOptions> = {}): Promise<RunningGateway> {
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const running = await startGateway({
      port: 0,
      metricsPort: 0,
      publicOrigin: 'http://localhost:3000',
      shellDir: shellDir(),
      serviceUrls: { identity: decoder.url, decoder: decoder.url, chat: chat.url, billing: refused },
      remotePorts: { marketing: 1, decoder: 1, chat: 1, account: 1 },
      ...extra,
    });
    gateways.push(running);
    return running;
  }

  beforeAll(async () => {
    decoder = await upstream();
    chat = await upstream({ hang: true });
    collector = await startFakeCollector();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all([decoder, chat, collector].map((s) => s?.close()));
  });

  describe('metrics', () => {
    let edge: RunningGateway;
    beforeAll(async () => {
      edge = await gateway({ upstreamTimeoutMs: 300 });
    });
    const scrape = async () => (await get(edge.metricsPort!, '/metrics')).text;

    it('are not on the public port: /metrics there is an address like any unknown one', async () => {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const answer = await get(edge.port, '/metrics', { method });
        expect(answer.status, method).toBe(404);
        expect(answer.text).not.toContain('edge_http_request_duration_seconds');
      }
      expect(JSON.parse((await get(edge.port, '/metrics?format=prometheus')).text)).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Nothing is here.' } });
    });

    it('are on the metrics port only, which serves nothing else', async () => {
      const answer = await get(edge.metricsPort!, '/metrics');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      expect(answer.text).toContain('process_cpu_user_seconds_total{service="edge"}');
      expect((await get(edge.metricsPort!, '/')).status).toBe(404);
      expect((await get(edge.metricsPort!, '/api/bias-analysis')).status).toBe(404);
      expect(edge.metricsPort).not.toBe(edge.port);
    });

    it('count a proxied API request by its service, method and status', async () => {
      const labels = { route: 'api', target: 'decoder', method: 'POST', status_code: '200', service: 'edge' };
      const before = sample(await scrape(), 'edge_http_request_duration_seconds_count', labels);
      const answer = await get(edge.port, '/api/bias-analysis', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"x"}' });
      expect(answer.status).toBe(200);
      const after = await scrape();
      expect(sample(after, 'edge_http_request_duration_seconds_count', labels)).toBe(before + 1);
      expect(sample(after, 'edge_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 1);
    });

    it('count pages, files, the registry and unknown addresses by class, never by their path', async () => {
      await get(edge.port, '/some/page-8317');
      await get(edge.port, '/app.js');
      await get(edge.port, '/missing-5521.js');
      await get(edge.port, '/remotes.json');
      await get(edge.port, '/api/nothing-here-7777');
      await get(edge.port, '/api/chat/sessions/4242', { method: 'PROPFIND' });
      const text = await scrape();
      const count = (labels: Record<string, string>) => sample(text, 'edge_http_request_duration_seconds_count', labels);
      expect(count({ route: 'page', target: 'none', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: 'static', target: 'none', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: 'static', target: 'none', method: 'GET', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: 'registry', target: 'none', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(1);
      expect(count({ route: 'api', target: 'none', method: 'GET', status_code: '404' })).toBeGreaterThanOrEqual(1);
      // Only the series' names and labels: a value (a byte count, a duration) may hold any digits, 8317 included.
      const series = text
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => line.slice(0, line.lastIndexOf(' ')))
        .join('\n');
      expect(series).toContain('route="page"');
      for (const fragment of ['8317', '5521', '7777', '4242', 'PROPFIND', 'missing', 'some/page']) expect(series).not.toContain(fragment);
    });

    it('count an unreachable service as refused, and a silent one as a timeout (504)', async () => {
      const refused = await get(edge.port, '/api/billing/plans');
      expect(refused.status).toBe(502);
      expect(JSON.parse(refused.text).error.code).toBe('UPSTREAM_UNAVAILABLE');
      const silent = await get(edge.port, '/api/chat');
      expect(silent.status).toBe(504);
      expect(JSON.parse(silent.text).error.code).toBe('UPSTREAM_TIMEOUT');
      const text = await scrape();
      expect(sample(text, 'edge_upstream_errors_total', { route: 'api', target: 'billing', reason: 'refused' })).toBe(1);
      expect(sample(text, 'edge_upstream_errors_total', { route: 'api', target: 'chat', reason: 'timeout' })).toBe(1);
      expect(sample(text, 'edge_http_request_duration_seconds_count', { route: 'api', target: 'chat', status_code: '504' })).toBe(1);
    });
  });

  describe('traces', () => {
    const sent = async (edge: RunningGateway, headers: Record<string, string> = {}) => {
      const answer = await get(edge.port, '/api/bias-analysis', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
      expect(answer.status).toBe(200);
      const seen = JSON.parse(answer.text) as { traceparent: string | null; tracestate: string | null };
      const [version, traceId, parentId, flags] = (seen.traceparent ?? '').split('-');
      return { version, traceId, parentId, flags, tracestate: seen.tracestate, traceIdHeader: answer.headers.get('x-trace-id') };
    };

    it("start here for a reader, whose own traceparent and tracestate are not believed", async () => {
      const edge = await gateway();
      const upstreamSaw = await sent(edge, { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, tracestate: 'attacker=1' });
      expect(upstreamSaw.version).toBe('00');
      expect(upstreamSaw.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(upstreamSaw.traceId).not.toBe(TRACE_ID);
      expect(upstreamSaw.parentId).toMatch(/^[0-9a-f]{16}$/);
      expect(upstreamSaw.tracestate).toBeNull();
      // Not exporting: the trace is passed on unsampled, whatever the reader asked for.
      expect(upstreamSaw.flags).toBe('00');
      expect(upstreamSaw.traceIdHeader).toBe(upstreamSaw.traceId);
      const again = await sent(edge);
      expect(again.traceId).not.toBe(upstreamSaw.traceId);
    });

    it('continue the trace of a trusted proxy in front, under a span of the edge', async () => {
      const edge = await gateway({ trustProxy: ['127.0.0.1', '::1'] });
      const upstreamSaw = await sent(edge, { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, tracestate: 'ingress=1' });
      expect(upstreamSaw.traceId).toBe(TRACE_ID);
      expect(upstreamSaw.parentId).not.toBe(CALLER_SPAN);
      expect(upstreamSaw.flags).toBe('01');
      expect(upstreamSaw.tracestate).toBe('ingress=1');
      const malformed = await sent(edge, { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01-and-then-garbage!` });
      expect(malformed.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(malformed.traceId).not.toBe(TRACE_ID);
    });

    it('are exported with OTLP when configured: the edge span, named by API route, parent of what the service got', async () => {
      const edge = await gateway({ trustProxy: ['127.0.0.1', '::1'], tracing: { exportUrl: `${collector.url}/v1/traces` } });
      const upstreamSaw = await sent(edge, { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` });
      await edge.close(); // flushes
      const span = await collector.waitFor((s) => s.spanId === upstreamSaw.parentId);
      expect(span).toMatchObject({ service: 'edge', traceId: TRACE_ID, parentSpanId: CALLER_SPAN, name: 'POST /api/bias-analysis', kind: 2 });
      expect(span.attributes).toMatchObject({ 'http.route': '/api/bias-analysis', 'http.response.status_code': 200, 'keisha.route_class': 'api', 'keisha.target': 'decoder' });
      expect(collector.refused).toEqual([]);
    });
  });
});

describe('label values', () => {
  it('keep to a few methods', () => {
    expect(['GET', 'POST', 'PROPFIND', 'get', 'X'].map(methodLabel)).toEqual(['GET', 'POST', 'OTHER', 'OTHER', 'OTHER']);
  });

  it('name the cause of an upstream failure from reply-from and undici errors', () => {
    expect(upstreamFailureOf({ code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT', statusCode: 504 })).toBe('timeout');
    expect(upstreamFailureOf({ code: 'UND_ERR_CONNECT_TIMEOUT' })).toBe('timeout');
    expect(upstreamFailureOf({ code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR', cause: { code: 'ECONNREFUSED' } })).toBe('refused');
    expect(upstreamFailureOf({ code: 'ECONNRESET' })).toBe('reset');
    expect(upstreamFailureOf({ code: 'FST_REPLY_FROM_SERVICE_UNAVAILABLE', cause: { code: 'ENOTFOUND' } })).toBe('unresolved');
    expect(upstreamFailureOf({ code: 'FST_REPLY_FROM_BAD_GATEWAY' })).toBe('bad_response');
    expect(upstreamFailureOf(new Error('odd'))).toBe('other');
    expect(upstreamFailureOf(undefined)).toBe('other');
  });
});
