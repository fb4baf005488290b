// One trace through the whole platform: a signed-in reader's analysis request enters at the edge, which starts
// the trace; the decoder continues it and asks identity about the session and billing about the plan, each call
// a child span; every part exports to one fake OTLP/HTTP collector, and the decoder's log lines of the request
// carry the trace id. Real service processes, real HTTP, the gateway in this process.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { INTERNAL_ENTITLEMENT_PATH } from '@keisha/contracts/billing';
import { startFakeCollector, type CollectedSpan, type FakeCollector } from '@keisha/telemetry/testing';
import { startBillingProcess, startIdentityProcess, startServiceProcess, type IdentityProcess, type ServiceProcess } from '@keisha/service-kit/testing';
import type { RunningGateway } from './gateway.ts';
import { startTestGateway } from './testing.ts';

const SERVER = 2;
const CLIENT = 3;

describe('a trace from the edge through the decoder to identity and billing', () => {
  let collector: FakeCollector;
  let identity: IdentityProcess;
  let billing: ServiceProcess;
  let decoder: ServiceProcess;
  let gateway: RunningGateway;
  let answer: { status: number; traceId: string | null };
  let spans: CollectedSpan[];

  beforeAll(async () => {
    collector = await startFakeCollector();
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url };
    identity = await startIdentityProcess(tracing);
    billing = await startBillingProcess(identity.url, tracing);
    decoder = await startServiceProcess('decoder', { ...tracing, IDENTITY_URL: identity.url, BILLING_URL: billing.url, LOG_LEVEL: 'info' });
    const shellDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'keisha-trace-')), 'shell');
    mkdirSync(shellDir);
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><div id="root"></div>');
    gateway = await startTestGateway({
      shellDir,
      serviceUrls: { identity: identity.url, decoder: decoder.url, chat: identity.url, billing: billing.url },
      remotePorts: { marketing: 1, decoder: 1, chat: 1, account: 1 },
      tracing: { exportUrl: `${collector.url}/v1/traces` },
    });

    const token = await identity.tokenFor('user');
    const response = await fetch(`http://127.0.0.1:${gateway.port}/api/bias-analysis`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        // A reader's own traceparent: not believed by the edge, which has no trusted proxy here.
        traceparent: '00-11111111111111111111111111111111-2222222222222222-01',
      },
      body: JSON.stringify({ text: 'The mayor said on Monday that the housing plan would be reviewed by an independent panel.', time_zone: 'UTC' }),
    });
    await response.text();
    answer = { status: response.status, traceId: response.headers.get('x-trace-id') };

    // Stopping flushes what each part has buffered (services on SIGTERM, the gateway on close).
    await gateway.close();
    await Promise.all([decoder.stop(), billing.stop()]);
    await identity.stop();
    const traceId = answer.traceId ?? '';
    await collector.waitFor((span) => span.traceId === traceId && span.service === 'identity');
    spans = collector.spans.filter((span) => span.traceId === traceId);
  }, 120_000);

  afterAll(async () => {
    await gateway?.close().catch(() => {});
    await Promise.all([decoder?.stop(), billing?.stop(), identity?.stop()]);
    await collector?.close();
  });

  const one = (predicate: (span: CollectedSpan) => boolean, what: string): CollectedSpan => {
    const found = spans.filter(predicate);
    expect(found, `${what} among ${spans.map((s) => `${s.service}:${s.name}`).join(', ')}`).toHaveLength(1);
    return found[0]!;
  };

  it('answers the reader, with the id of a trace the edge started (not the one the reader sent)', () => {
    expect(answer.status).toBe(200);
    expect(answer.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.traceId).not.toBe('11111111111111111111111111111111');
    expect(collector.refused).toEqual([]);
  });

  it('links edge -> decoder -> identity and billing as parent and children', () => {
    const edge = one((s) => s.service === 'edge', 'the edge span');
    expect(edge).toMatchObject({ kind: SERVER, name: 'POST /api/bias-analysis' });
    expect(edge.parentSpanId).toBeUndefined();

    const decoderServer = one((s) => s.service === 'decoder' && s.kind === SERVER, "the decoder's request span");
    expect(decoderServer.parentSpanId).toBe(edge.spanId);
    expect(decoderServer.name).toMatch(/^POST \/api\/bias-analysis/);

    const sessionCall = one((s) => s.service === 'decoder' && s.kind === CLIENT && s.name === `GET ${AUTH_PATHS.me}`, 'the session check');
    expect(sessionCall.parentSpanId).toBe(decoderServer.spanId);
    const identityAnswer = one((s) => s.service === 'identity' && s.parentSpanId === sessionCall.spanId, "identity's answer to the decoder");
    expect(identityAnswer).toMatchObject({ kind: SERVER, name: `GET ${AUTH_PATHS.me}` });

    // The plan is asked on billing's internal route (the services' internal token: never throttled as one address).
    const planCall = one((s) => s.service === 'decoder' && s.kind === CLIENT && s.name === `GET ${INTERNAL_ENTITLEMENT_PATH}`, 'the plan question');
    expect(planCall.parentSpanId).toBe(decoderServer.spanId);
    const billingAnswer = one((s) => s.service === 'billing' && s.kind === SERVER, "billing's answer");
    expect(billingAnswer.parentSpanId).toBe(planCall.spanId);
    expect(billingAnswer.name).toBe(`GET ${INTERNAL_ENTITLEMENT_PATH}`);
  });

  it("puts the trace id on the decoder's log lines of the request", () => {
    const lines = decoder
      .logs()
      .map((line) => JSON.parse(line) as { trace_id?: string; span_id?: string; msg?: string })
      .filter((line) => line.trace_id === answer.traceId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const decoderServer = spans.find((s) => s.service === 'decoder' && s.kind === SERVER)!;
    for (const line of lines) expect(line.span_id).toBe(decoderServer.spanId);
  });
});
