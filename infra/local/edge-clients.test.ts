// The edge as ordinary API clients meet it, over real HTTP: clients that send `Expect: 100-continue` (libcurl
// for larger bodies, .NET, Java), and the public API's documented batch size (issue 29, items 1 and 2).
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './gateway.ts';
import { listen, type RunningServer } from './static-server.ts';
import { allServicesAt, httpRequest, tempFolder } from './testing.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The interim 100 Continue arrived before the body was sent. */
  continued: boolean;
}

/**
 * A POST as libcurl, .NET and Java send a larger body: the headers with `Expect: 100-continue`, and the body only
 * once the server says `100 Continue` (or answers at once, as it may).
 */
function postExpectingContinue(port: number, route: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: route,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, continued }));
      },
    );
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

const post = (port: number, route: string, body: Buffer) =>
  httpRequest(port, route, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length }, body });

/** The public API's documented batch size (the OpenAPI, /developers): 5 MB. */
const DOCUMENTED_BATCH_BYTES = 5 * 1024 * 1024;

/**
 * The services as service-kit builds them, on one port: their own body limits (the decoder's analysis 1 MiB, its
 * public batch 5 MiB, the others 64 KiB), answered in our error shape.
 */
async function services(): Promise<RunningServer & { expectations: string[] }> {
  const expectations: string[] = [];
  const app = Fastify({ bodyLimit: 64 * 1024 });
  app.addHook('onRequest', async (request) => {
    expectations.push(String(request.headers.expect ?? ''));
  });
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    reply.code(error.statusCode ?? 500).send({ success: false, error: { code: error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'X', message: error.message } }),
  );
  const echo = async (request: { url: string; body: unknown }) => ({ success: true, url: request.url, bytes: JSON.stringify(request.body).length });
  app.post('/api/auth/register', echo);
  app.post('/api/bias-analysis', { bodyLimit: 1024 * 1024 }, echo);
  app.post('/api/v1/analyses', { bodyLimit: 1024 * 1024 }, echo);
  app.post('/api/v1/analyses::batch', { bodyLimit: DOCUMENTED_BATCH_BYTES }, echo);
  app.post('/api/chat/sessions', echo);
  return Object.assign(await listen(app, 0), { expectations });
}

const shellDir = () => tempFolder({ 'index.html': '<!doctype html><title>Keisha</title>' }, 'keisha-edge-clients-');

async function upstreamErrors(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('edge_upstream_errors_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/** The edge (with its metrics port) in front of services(): started before a block's first test, stopped after its last. */
function edgeOverServices(): { service: RunningServer & { expectations: string[] }; gateway: RunningGateway } {
  const edge = {} as ReturnType<typeof edgeOverServices>;
  beforeAll(async () => {
    edge.service = await services();
    const url = `http://127.0.0.1:${edge.service.port}`;
    edge.gateway = await startGateway({
      port: 0,
      metricsPort: 0,
      publicOrigin: 'http://localhost:3000',
      shellDir: shellDir(),
      serviceUrls: allServicesAt(url),
    });
  });
  afterAll(async () => {
    await Promise.all([edge.gateway.close(), edge.service.close()]);
  });
  return edge;
}

describe('Expect: 100-continue through the edge', () => {
  const edge = edgeOverServices();

  const article = (chars: number) => Buffer.from(JSON.stringify({ text: 'Officials said the plan would work. '.repeat(Math.ceil(chars / 36)).slice(0, chars) }));

  it.each([
    ['the public API', '/api/v1/analyses', article(20_000)],
    ['the public API batch', '/api/v1/analyses:batch', Buffer.from(JSON.stringify({ articles: [{ text: 'One.' }, { text: 'Two.' }] }))],
    ['sign-up', '/api/auth/register', Buffer.from(JSON.stringify({ email: 'reader@example.com', password: 'a long and unusual passphrase' }))],
    ['analysis', '/api/bias-analysis', article(30_000)],
  ])('%s: the body is asked for, sent and answered by the service', async (_label, route, body) => {
    const direct = await postExpectingContinue(edge.service.port, route, body);
    expect(direct.status).toBe(200);
    const before = await upstreamErrors(edge.gateway.metricsPort!);
    const answer = await postExpectingContinue(edge.gateway.port, route, body);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.continued).toBe(true);
    expect(JSON.parse(answer.body)).toEqual({ success: true, url: route, bytes: JSON.parse(direct.body).bytes });
    // Never an upstream failure: the header is not a service down.
    expect(await upstreamErrors(edge.gateway.metricsPort!)).toBe(before);
  });

  it('answers the expectation itself: the service is not asked to send a second 100 Continue', async () => {
    edge.service.expectations.length = 0;
    await postExpectingContinue(edge.gateway.port, '/api/chat/sessions', Buffer.from('{"title":"x"}'));
    expect(edge.service.expectations).toEqual(['']);
  });

  it('refuses a body over the limit before it is sent, in our error shape', async () => {
    const answer = await postExpectingContinue(edge.gateway.port, '/api/bias-analysis', Buffer.alloc(2 * 1024 * 1024, 'a'));
    expect(answer.status).toBe(413);
    expect(answer.continued).toBe(false);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers any other expectation with 417', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: edge.gateway.port, path: '/api/chat/sessions', method: 'POST', headers: { 'content-type': 'application/json', expect: 'something-else' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(answer).toBe(417);
  });
});

describe("the public API's documented batch size", () => {
  const edge = edgeOverServices();

  /** A batch body of about `bytes` bytes: 50 articles of equal length. */
  const batchOf = (bytes: number) => {
    const overhead = JSON.stringify({ articles: Array.from({ length: 50 }, () => ({ text: '' })) }).length;
    const each = Math.floor((bytes - overhead) / 50);
    const body = Buffer.from(JSON.stringify({ articles: Array.from({ length: 50 }, () => ({ text: 'a'.repeat(each) })) }));
    return Buffer.concat([body, Buffer.alloc(bytes - body.length, ' ')]);
  };

  it('is what the decoder documents', async () => {
    // Read from the decoder's own source (its OpenAPI and /developers are made from it), so the two cannot drift.
    const openapi = path.join(import.meta.dirname, '..', '..', 'services', 'decoder', 'src', 'routes', 'public-api', 'openapi.ts');
    const { BATCH_BODY_LIMIT } = (await import(openapi)) as { BATCH_BODY_LIMIT: number };
    expect(BATCH_BODY_LIMIT).toBe(DOCUMENTED_BATCH_BYTES);
  });

  it('passes 50 articles of 30,000 characters, as the service takes them', async () => {
    const body = Buffer.from(JSON.stringify({ articles: Array.from({ length: 50 }, (_, i) => ({ id: `a${i}`, text: 'x'.repeat(30_000) })) }));
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect((await post(edge.service.port, '/api/v1/analyses:batch', body)).status).toBe(200);
    const answer = await post(edge.gateway.port, '/api/v1/analyses:batch', body);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, bytes: body.length });
    const expecting = await postExpectingContinue(edge.gateway.port, '/api/v1/analyses:batch?trace=1', body);
    expect(expecting.status).toBe(200);
    expect(expecting.continued).toBe(true);
  });

  it('passes a batch of exactly the documented size and refuses one byte more with 413 in our shape', async () => {
    expect((await post(edge.gateway.port, '/api/v1/analyses:batch', batchOf(DOCUMENTED_BATCH_BYTES))).status).toBe(200);
    const over = await postExpectingContinue(edge.gateway.port, '/api/v1/analyses:batch', batchOf(DOCUMENTED_BATCH_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.continued).toBe(false);
    expect(JSON.parse(over.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it.each(['/api/v1/analyses', '/api/bias-analysis', '/api/auth/register', '/api/chat/sessions'])('keeps the smaller limit on %s', async (route) => {
    const answer = await post(edge.gateway.port, route, batchOf(2 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('takes the larger size only for a POST to the batch route', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const body = batchOf(2 * 1024 * 1024);
      const req = http.request(
        { host: '127.0.0.1', port: edge.gateway.port, path: '/api/v1/analyses:batch', method: 'PUT', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(answer).toBe(413);
  });
});
