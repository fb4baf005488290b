// The refresh cookie (HttpOnly, for /api/auth) and its readable hint, set with every session a route grants.
import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE } from '@keisha/contracts/identity';
import type { SessionGrant } from '../../plugins/accounts.ts';

export const REFRESH_COOKIE = 'keisha_refresh';

export function sessionCookies(cookieSecure: boolean) {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: cookieSecure,
    path: '/api/auth',
  };
  // Readable by scripts on every page, so it says only that a refresh cookie exists.
  const hintOptions = { ...cookieOptions, httpOnly: false, path: '/' };

  return {
    grant(reply: FastifyReply, session: SessionGrant, status = 200) {
      reply.setCookie(REFRESH_COOKIE, session.refreshCookie, { ...cookieOptions, maxAge: session.refreshMaxAgeSeconds });
      reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: session.refreshMaxAgeSeconds });
      return reply.status(status).send({ success: true as const, user: session.user, token: session.token, expires_in: session.expiresIn });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      reply.clearCookie(SESSION_HINT_COOKIE, hintOptions);
    },
  };
}
