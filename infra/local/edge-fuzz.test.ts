// The edge's route fuzzer: hostile requests through the edge over real HTTP, as the services' route fuzzers send
// them to the services (the same hostile bodies, shared/service-kit's fuzz-bodies), plus what only the edge meets:
// hostile paths and methods, odd Expect, Host and framing headers. Every answer must be below 500, a 4xx in our error
// shape, and carry the edge's security headers. FUZZ_RUNS (default 60) sets the requests per kind; FUZZ_SEED the seed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileCases } from '../../shared/service-kit/src/testing/fuzz-bodies.ts';
import { responseProblems } from '../../shared/service-kit/src/testing/fuzz-checks.ts';
import type { RunningGateway } from './gateway.ts';
import { allServicesAt, startTestGateway } from './testing.ts';
import { listen, type RunningServer } from './static-server.ts';
import { API_ROUTES } from './topology.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

interface Observed {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Observed | 'reset'> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', () => resolve('reset'));
    });
    req.on('error', () => resolve('reset'));
    req.end(options.body);
  });
}

function sendRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(received));
    socket.write(text, 'latin1');
    setTimeout(() => socket.end(), 200);
  });
}

/** The services as service-kit builds them, in one process: JSON bodies in our shape, 4xx for what they refuse. */
async function services(): Promise<RunningServer> {
  const app = Fastify({ bodyLimit: 64 * 1024 });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    return reply.code(status).send({ success: false, error: { code: 'VALIDATION', message: 'The body is not valid.' } });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, error: { code: 'NOT_FOUND', message: 'No such route.' } }));
  app.all('/api/*', async (request) => {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw Object.assign(new Error('not an object'), { statusCode: 400 });
    }
    return { success: true };
  });
  return listen(app, 0);
}

describe('the edge under hostile requests', () => {
  let service: RunningServer;
  let gateway: RunningGateway;
  const failures: string[] = [];
  let requests = 0;
  let serverErrors = 0;

  beforeAll(async () => {
    service = await services();
    const url = `http://127.0.0.1:${service.port}`;
    const shellDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-edge-fuzz-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Keisha</title>');
    gateway = await startTestGateway({
      shellDir,
      serviceUrls: allServicesAt(url),
      remotePorts: { marketing: 3001, decoder: 3002, chat: 3003, account: 3004 },
      requestTimeoutMs: 5000,
    });
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), service.close()]);
    console.log(`edge fuzz: ${requests} requests, ${serverErrors} 5xx, ${failures.length} problems`);
  });

  const check = (label: string, answer: Observed | 'reset', requestText = '') => {
    requests++;
    if (answer === 'reset') return; // a connection the edge closed (a request it refused to read): no answer to judge
    if (answer.statusCode >= 500) serverErrors++;
    const problems = responseProblems({ statusCode: answer.statusCode, headers: answer.headers as Record<string, string>, body: answer.body }, { requestText });
    for (const problem of problems) failures.push(`${label}: ${problem.kind} (${problem.detail}) ${answer.body.slice(0, 200)}`);
    if (answer.headers['x-frame-options'] !== 'DENY' || !answer.headers['content-security-policy']) failures.push(`${label}: no security headers (${answer.statusCode})`);
  };

  it('answers hostile bodies on every API route below 500, in our shape, with its headers', async () => {
    for (const [index, { prefix }] of API_ROUTES.entries()) {
      const cases = hostileCases({ seed: { text: 'An article.', email: 'a@example.com' }, bodyLimit: 1024 * 1024 }, Math.ceil(RUNS / 4), SEED + index);
      for (const [n, fuzzCase] of cases.entries()) {
        const headers: Record<string, string> = fuzzCase.body.contentType ? { 'content-type': fuzzCase.body.contentType } : {};
        // A third of them as libcurl, .NET and Java send larger bodies.
        if (n % 3 === 0) headers.expect = '100-continue';
        const target = `${prefix}${fuzzCase.param ? `/${fuzzCase.param.value}` : ''}`;
        const answer = await send(gateway.port, { method: 'POST', path: target, headers, body: fuzzCase.body.payload });
        check(`POST ${target} ${fuzzCase.body.kind}`, answer, String(fuzzCase.body.payload ?? ''));
      }
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 120_000);

  it('answers hostile paths, methods and headers below 500, in our shape, with its headers', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
      fc.constantFrom('%', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', '.', '~', 'api', 'remotes', 'marketing', 'pricing', 'admin', 'index.html', 'x.js', 'analyses:batch', '%3A'),
      fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => encodeURI(text)),
    );
    const request = fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      path: fc.array(segment, { minLength: 0, maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
      query: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 }).map((q) => `?${encodeURIComponent(q)}`), fc.constant('?%')),
      expect: fc.constantFrom(undefined, '100-continue', '100-CONTINUE', 'teapot', ''),
      contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
      body: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 50 }), fc.json()),
    });
    for (const sample of fc.sample(request, { numRuns: RUNS * 4, seed: SEED })) {
      const headers: Record<string, string> = {};
      if (sample.expect !== undefined) headers.expect = sample.expect;
      if (sample.contentType) headers['content-type'] = sample.contentType;
      const withBody = sample.method !== 'GET' && sample.method !== 'HEAD' && sample.body !== undefined;
      const target = `${sample.path}${sample.query}`;
      const answer = await send(gateway.port, { method: sample.method, path: target, headers, body: withBody ? sample.body : undefined });
      // A HEAD answer has no body to judge; its status and headers still count.
      if (answer !== 'reset' && sample.method === 'HEAD') answer.body = answer.statusCode >= 400 ? '{"success":false,"error":{"code":"X","message":"x"}}' : '';
      check(`${sample.method} ${target}`, answer, target);
    }
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
  }, 120_000);

  it('answers broken framing below 500 with its headers, or closes', async () => {
    const texts = [
      'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
      'GET /\r\n\r\n',
      'GET / HTTP/0.9\r\n\r\n',
      'GET / HTTP/2.0\r\nHost: a\r\n\r\n',
      'GET / HTTP/1.1\r\n\r\n',
      'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
      'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n',
      'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n',
      'GET /%%% HTTP/1.1\r\nHost: a\r\n\r\n',
      'GET http://evil.example/ HTTP/1.1\r\nHost: a\r\n\r\n',
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: a\r\nX: \u0001\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ];
    for (const text of texts) {
      const received = await sendRaw(gateway.port, text);
      requests++;
      if (!received) continue;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
      expect(status, text).toBeGreaterThanOrEqual(200);
      expect(status, text).toBeLessThan(500);
      if (status >= 400) expect(received.toLowerCase(), text).toContain('x-frame-options: deny');
    }
  });
});
