import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import { isTimeZone, type AccessClaims } from '@keisha/service-kit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route awaits identity's word on the session itself (`SessionChecks.confirmation`), before it
     * reads, stores, counts or sends anything for the reader; the signature is still checked first.
     */
    deferSessionCheck?: boolean;
  }
}

type SessionCheck = (claims: AccessClaims, request: FastifyRequest, token: string) => Promise<void>;

/**
 * Identity's word on a session (service-kit's session check), which a route marked `deferSessionCheck`
 * receives as a promise instead of waiting for it before its handler: a message's model request does
 * not need it, so it is sent meanwhile (replies.ts). A confirmation is at most a second old (revocation
 * within a second), so the first message after a pause, and every new reader, would otherwise wait for
 * a round trip to identity before the model is even asked. Every other route waits, as before.
 */
export function deferrableSessionChecks(check: SessionCheck) {
  const pending = new WeakMap<FastifyRequest, Promise<void>>();
  return {
    /** For `registerAuth`'s `check`. */
    check: async (claims: AccessClaims, request: FastifyRequest, token: string): Promise<void> => {
      if (request.routeOptions.config?.deferSessionCheck !== true) return check(claims, request, token);
      const confirmed = check(claims, request, token);
      // Observed here: a request refused for another reason (a 400) never awaits it.
      confirmed.catch(() => {});
      pending.set(request, confirmed);
    },
    /** The session's confirmation for a deferring route (fails closed when none was started). */
    confirmation(request: FastifyRequest): Promise<void> {
      return pending.get(request) ?? Promise.reject(new Error('no session check was started for this request'));
    },
  };
}
export type SessionChecks = ReturnType<typeof deferrableSessionChecks>;

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
