// What the edge refuses before any route runs, in the services' error shape with the edge's headers: requests
// that are not plain HTTP/1.x to one host, expectations other than `100-continue`, bodies over their route's
// limit (announced by Expect), and what Node itself cannot parse.
import type http from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyLimitFor } from './body-limits.ts';
import { errorBody } from './gateway-options.ts';

/**
 * Why a request is not one the edge serves, or undefined: HTTP/1.0 or 1.1 only (an HTTP/0.9-style request line has
 * no version and no headers), exactly one Host (two could route the edge and a service differently), and HTTP/1.1
 * with a Host.
 */
export function protocolProblem(request: Pick<http.IncomingMessage, 'httpVersion' | 'rawHeaders'>): string | undefined {
  if (request.httpVersion !== '1.1' && request.httpVersion !== '1.0') return 'Only HTTP/1.0 and HTTP/1.1 are served.';
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return 'A request must carry one Host header, not several.';
  if (hosts === 0 && request.httpVersion === '1.1') return 'The Host header is required.';
  return undefined;
}

/** The client errors Node meets before any route runs, in our error shape with the edge's headers (the socket is closed after). */
export function clientErrorResponse(error: Error & { code?: string }, headers: Record<string, string>): string {
  const [status, reason, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'HEADERS_TOO_LARGE', 'The request headers are too large.']
        : [400, 'Bad Request', 'BAD_REQUEST', 'The request is malformed.'];
  const body = JSON.stringify(errorBody(code, message));
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * `Expect: 100-continue` (libcurl for larger bodies, .NET, Java) is answered here, by the first server to read
 * the body, and never passed on (undici, which proxies, refuses the header: that was a 502 counted as an
 * upstream failure). Go on is said only for a body the route takes: a declared length over its limit gets its
 * 413 before a byte of the body is sent. Any other expectation goes to refuseOtherExpectations' 417.
 */
export function answerContinueHere(server: http.Server): void {
  server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const declared = Number(req.headers['content-length']);
    if (!(declared > bodyLimitFor(req.method ?? 'GET', pathname))) res.writeContinue();
    server.emit('request', req, res);
  });
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => server.emit('request', req, res));
}

/** Every request: the edge's headers first (any answer, an error included, carries them), and a request that is not plain HTTP/1.x to one host refused. */
export function refuseOtherProtocols(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    const problem = protocolProblem(request.raw);
    if (!problem) return done();
    void reply.code(400).header('Connection', 'close').send(errorBody('BAD_REQUEST', problem));
  });
}

export function refuseOtherExpectations(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const expectation = request.headers.expect;
    if (expectation === undefined || expectation.trim().toLowerCase() === '100-continue') return done();
    void reply.code(417).send(errorBody('EXPECTATION_FAILED', 'Only "Expect: 100-continue" is supported.'));
  });
}

/** What a route's error becomes: 4xx for what the client sent, a plain 500 for the rest. */
export function gatewayErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // reply-from refuses a path it cannot join safely (`..` segments, broken %-encoding): the address is bad.
  if (error instanceof URIError) return reply.code(400).send(errorBody('BAD_URL', 'The address is not correctly encoded.'));
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.code(status).send(errorBody('BAD_REQUEST', 'Bad request.'));
  return reply.code(500).send(errorBody('INTERNAL', 'The gateway failed to answer.'));
}
