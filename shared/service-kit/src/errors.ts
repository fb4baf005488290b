import type { Duplex } from 'node:stream';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@keisha/contracts/schemas';
import { DEPENDENCY_ANSWERS, dependencyFailureOf } from './dependency-failure.ts';

/** Seconds a 503 asks the client to wait when the failure does not say. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** A failure with a code and a message that is safe to show; thrown at the point of failure. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details?: unknown;
  /** Sent as Retry-After (a 503 without it gets DEFAULT_RETRY_AFTER_SECONDS). */
  readonly retryAfterSeconds?: number;
  constructor(statusCode: number, code: string, message: string, details?: unknown, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function errorBody(code: string, message: string, details?: unknown): ApiErrorBody {
  return { success: false, error: details === undefined ? { code, message } : { code, message, details } };
}

// Fastify's own client-error codes, and what a person should read for each.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION', message: 'The Content-Length header is wrong.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, code: 'VALIDATION', message: 'The Content-Type header is invalid.' },
};

/**
 * What the router refuses before any route runs (a parameter longer than the router allows, a path with
 * broken %-encoding), in our error shape. The path is not repeated: it may be megabytes of anything.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('URI_TOO_LONG', 'A part of the address is too long.'));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('BAD_URL', 'The address is not correctly encoded.'));
  } else {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    void reply.status(status).send(errorBody('BAD_REQUEST', 'Bad request.'));
  }
}

// What Node's HTTP parser refuses before Fastify has a request to route, and what a person should read.
const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', code: 'BAD_REQUEST', message: 'The request is malformed.' };

/** The raw answer to a request Node's parser refused: our shape, and the connection closed after it. */
export function clientErrorResponse(error: { code?: string }): string {
  const answer = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED;
  const body = JSON.stringify(errorBody(answer.code, answer.message));
  return (
    `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n` +
    `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Fastify's `clientErrorHandler`: broken framing (a bad chunk size, Content-Length with chunked, a body cut
 * short, as when a client that already has its answer stops sending a 3 MB body and closes), headers too
 * large, a request too slow to arrive. Fastify's default answers these in its own shape. Like Node's own,
 * this writes nothing into an answer already under way; it ends the connection gracefully, so a client
 * still sending reads the answer instead of a reset, and cuts it if the client never closes its side.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error));
  setTimeout(() => socket.destroy(), 5_000).unref();
}

/** How much of a refused body is still read, and for how long, before the refusal is sent. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_LIMIT_MS = 2_000;

/**
 * Reads (and drops) the rest of a body refused before its end, within bounds. Fastify answers a body it
 * refused (too large, wrong type, bad JSON) and closes the connection; a client still sending then gets a
 * reset, which throws away the answer it had not read yet: it sees "connection reset", never our 413.
 * Read to its end first, the body's sender reads the answer. Bounded in bytes and time, then answered anyway.
 */
function drainRefusedBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_LIMIT_MS);
    raw.on('data', count);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      return reply.status(400).send(
        errorBody('VALIDATION', first?.message ?? 'The request is invalid.', {
          field: field || undefined,
          where: error.validationContext,
        }),
      );
    }
    if (error instanceof AppError) {
      if (error.statusCode === 503) reply.header('retry-after', String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      // Fastify closes the connection after a body it refused; the sender may still be sending it.
      return drainRefusedBody(request).then(() => reply.status(known.status).send(errorBody(known.code, known.message)));
    }
    if (error.statusCode === 429) {
      // @fastify/rate-limit throws the body its errorResponseBuilder made: keep its code and message.
      const built = error as unknown as { error?: { code?: string; message?: string } };
      return reply
        .status(429)
        .send(errorBody(built.error?.code ?? 'RATE_LIMITED', built.error?.message ?? 'Too many requests. Please wait a moment and try again.'));
    }
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.status(error.statusCode ?? 400).send(errorBody('BAD_REQUEST', error.message || 'Bad request.'));
    }
    // A dependency failing (the database restarting, a full disk, identity or billing unreachable) is not a
    // bug: the reader is told which, and when to try again; the service recovers when the dependency does.
    const failing = dependencyFailureOf(error);
    if (failing) {
      const answer = DEPENDENCY_ANSWERS[failing];
      request.log.warn({ err: error, dependency: failing }, 'a dependency failed; answering 503');
      return reply.status(503).header('retry-after', String(answer.retryAfterSeconds)).send(errorBody(answer.code, answer.message));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });

}

/** The methods a route of ours may take, in the order an Allow header lists them. */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Answers a request no route takes: 405 with Allow when the path is one of ours asked with another method (RFC 9110,
 * 15.5.6: a developer who sent GET to a POST route learns which method it takes), 404 otherwise. Sees the routes
 * registered after it; wildcard routes (CORS's preflight) take every path and are left out. Both answer in the one
 * error shape, and count against the rate limit (scanners hit them most).
 */
export function registerNotFoundHandler(app: FastifyInstance & { rateLimit?: () => any }): void {
  const known = FindMyWay();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    for (const method of [route.method].flat()) {
      if (!(ROUTE_METHODS as readonly string[]).includes(method) || known.hasRoute(method as HTTPMethod, route.url)) continue;
      known.on(method as HTTPMethod, route.url, () => {});
    }
  });
  app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit() : undefined }, (request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = ROUTE_METHODS.filter((method) => known.find(method, path) !== null);
    if (allowed.length > 0) {
      reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(errorBody('METHOD_NOT_ALLOWED', `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`));
      return;
    }
    reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${path}`));
  });
}
