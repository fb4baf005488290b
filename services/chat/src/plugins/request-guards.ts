import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';
import { AppError, emailVerified, type ServiceApp } from '@keisha/service-kit';
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

/**
 * onRequest hook after `requireUser` for the routes that answer messages: the chat needs a confirmed e-mail
 * address (issue 27), on every plan. Signing up alone must not open the model to whoever asks; an account
 * that confirms gets a token saying so at its next refresh. Refused before billing is asked or a body read.
 */
export async function requireConfirmedAddress(request: FastifyRequest): Promise<void> {
  if (!emailVerified(request.user)) throw new AppError(403, CHAT_ERRORS.emailNotVerified, CHAT_TEXT.emailNotVerified);
}

/** The IANA time zone sent by the browser (UTC when none); an unknown one is a 400. */
export function timeZoneOf(value: string | undefined): string {
  if (value === undefined) return 'UTC';
  if (!isTimeZone(value)) throw new AppError(400, CHAT_ERRORS.validation, CHAT_TEXT.unknownTimeZone);
  return value;
}
