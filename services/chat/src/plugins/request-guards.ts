import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import { isTimeZone } from '@keisha/service-kit';

/**
 * onRequest hook for every chat route: a signed-in user is required (spec section 6). Checked before
 * the body is read, so an anonymous caller never makes the service parse a large message.
 */
export function requireUser(app: ServiceApp) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.headers.authorization) throw new AppError(401, CHAT_ERRORS.unauthenticated, CHAT_TEXT.signedOut);
    await app.authenticate(request);
  };
}

/** The IANA time zone sent by the browser (UTC when none); an unknown one is a 400. */
export function timeZoneOf(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  if (!isTimeZone(value)) throw new AppError(400, CHAT_ERRORS.validation, CHAT_TEXT.unknownTimeZone);
  return value;
}
