// Requests a browser would never send, written byte by byte on a socket: a 3 MB chunked body on every
// method (DELETE included) to routes with and without a body, broken framing, oversized headers, and a
// request that arrives while the service shuts down. Whatever the service answers, and whenever (before
// any route ran, or after the answer to the request before), it answers in our error shape. The shape is
// built once, in service-kit, so one service proves it for the four (docs/edge.md's Security section has
// the figures of all four, measured the same way on running processes).
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { startIdentity, identityForSuite } from './helpers.ts';

const [target] = await databaseTargets();

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every response in a byte stream of HTTP/1.1 answers (bodies framed by Content-Length; none in the answer to a HEAD). */
function parseResponses(stream: Buffer, method: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < stream.length) {
    const end = stream.indexOf('\r\n\r\n', at);
    if (end < 0) throw new Error(`an incomplete answer: ${stream.subarray(at, at + 200).toString()}`);
    const [statusLine, ...lines] = stream.subarray(at, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const status = Number(statusLine!.split(' ')[1]);
    const answersHead = method === 'HEAD' && responses.length === 0;
    const length = answersHead || status === 100 ? 0 : Number(headers['content-length'] ?? 0);
    responses.push({ status, headers, body: stream.subarray(end + 4, end + 4 + length).toString('utf8') });
    at = end + 4 + length;
  }
  return responses.filter((r) => r.status !== 100);
}

/**
 * Writes `head`, then the body (chunked, `bodyBytes` of it) until the first byte of an answer arrives, as
 * a client that reads while it sends does; then ends its side and reads until the service closes.
 */
function exchange(port: number, head: string, options: { bodyBytes?: number; rawBody?: string; afterHead?: () => void } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let answered = false;
    socket.on('data', (chunk) => {
      received.push(chunk);
      answered = true;
    });
    // The service may close (after a 413, say) while the rest of the body is on its way: what it said still counts.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(received)));
    socket.setTimeout(15_000, () => socket.destroy(new Error('no end within 15 s')));
    socket.on('connect', async () => {
      socket.write(head);
      options.afterHead?.();
      if (options.rawBody !== undefined) socket.write(options.rawBody);
      const piece = Buffer.alloc(16 * 1024, 'a');
      for (let sent = 0; sent < (options.bodyBytes ?? 0) && !answered; sent += piece.length) {
        const flushed = socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n');
        if (!flushed) await new Promise((drained) => socket.once('drain', drained));
        await new Promise((next) => setImmediate(next));
      }
      if (!answered && options.bodyBytes !== undefined) socket.write('0\r\n\r\n');
      // Whatever the service still has to say arrives before our end does.
      await new Promise((wait) => setTimeout(wait, 100));
      socket.end();
    });
  });
}

function expectOurShape(response: RawResponse, label: string, bodyless = false) {
  if (response.status < 400) return;
  if (bodyless) return void expect(response.body, label).toBe('');
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(body, `${label}: ${response.body}`).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
  expect(body, label).not.toHaveProperty('statusCode');
}

describe(`raw HTTP to identity on ${target!.kind}`, () => {
  const ctx = identityForSuite(target!);
  let port: number;
  beforeAll(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  const METHODS = ['DELETE', 'GET', 'POST', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'];
  const PATHS = ['/api/waitlist', '/api/auth/logout', '/health/live', '/api/no-such-route'];

  it('answers a 3 MB chunked body on every method, to routes with and without a body, only in our shape', async () => {
    const outsideOurShape: string[] = [];
    let answers = 0;
    const unanswered: string[] = [];
    for (const method of METHODS) {
      for (const path of PATHS) {
        for (const contentType of ['application/json', 'text/plain', null]) {
          const head =
            `${method} ${path} HTTP/1.1\r\nHost: identity\r\nTransfer-Encoding: chunked\r\n` +
            `${contentType ? `Content-Type: ${contentType}\r\n` : ''}Connection: keep-alive\r\n\r\n`;
          const label = `${method} ${path} (${contentType ?? 'no type'})`;
          const responses = parseResponses(await exchange(port, head, { bodyBytes: 3 * 1024 * 1024 }), method);
          if (responses.length === 0) unanswered.push(label);
          for (const [index, response] of responses.entries()) {
            answers += 1;
            try {
              expectOurShape(response, label, method === 'HEAD' && index === 0);
            } catch {
              outsideOurShape.push(`${label} -> ${response.status} ${response.body}`);
            }
          }
        }
      }
    }
    expect(outsideOurShape, `${outsideOurShape.length} of ${answers} answers`).toEqual([]);
    // A body refused half-way is read to its end before the answer, so its sender reads the answer, not a reset.
    expect(unanswered, 'requests that got no answer').toEqual([]);
  });

  it.each([
    ['a chunk size that is not hexadecimal', 'POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n', 400],
    ['both Content-Length and chunked', 'POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n', 400],
    ['a method with a space in its name', 'GE T /health/live HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['headers of 40 KB', `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(40 * 1024)}\r\n\r\n`, 431],
  ])('answers %s before any route runs, in our shape', async (label, request, status) => {
    const responses = parseResponses(await exchange(port, request), 'POST');
    expect(responses.map((r) => r.status)).toEqual([status]);
    expectOurShape(responses[0]!, label);
    expect(responses[0]!.headers.connection).toBe('close');
  });
});

describe(`identity shutting down, on ${target!.kind}`, () => {
  it('answers a request that arrives on an open connection while it closes with 503 in our shape and Retry-After', async () => {
    const ctx = await startIdentity(target!);
    try {
      await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (ctx.app.server.address() as net.AddressInfo).port;
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      const ended = new Promise((resolve) => socket.on('close', resolve));
      await new Promise((connected) => socket.once('connect', connected));
      // A join whose body is still on its way when the close begins, and a request pipelined behind it.
      const body = JSON.stringify({ email: 'late@example.org' });
      socket.write(`POST /api/waitlist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      await new Promise((wait) => setTimeout(wait, 100));
      const closed = ctx.app.close();
      await new Promise((wait) => setTimeout(wait, 100));
      socket.write(`${body}GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n`);
      await Promise.race([ended, new Promise((wait) => setTimeout(wait, 5000))]);
      socket.destroy();
      await closed;
      const responses = parseResponses(Buffer.concat(received), 'GET');
      expect(responses.map((r) => r.status)).toEqual([201, 503]);
      expectOurShape(responses[1]!, 'while closing');
      expect(responses[1]!.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await ctx.database.destroy();
    }
  });
});
