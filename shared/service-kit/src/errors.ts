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
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
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

/** Unknown routes answer in the same shape, and count against the rate limit (scanners hit them most). */
export function registerNotFoundHandler(app: FastifyInstance & { rateLimit?: () => any }): void {
  app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit() : undefined }, (request, reply) => {
    reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
