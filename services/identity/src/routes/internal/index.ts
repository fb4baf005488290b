// Questions our other services ask identity on nobody's behalf: whether an account is enabled and what
// its role is (the decoder, checking the owner of an API key, who sends no access token), and whether many
// readers' sessions still stand (every service's session check, for a burst of new readers). The caller
// proves itself with the internal token; the routes are outside /api, so the edge never routes a browser to them.
import { z } from 'zod';
import { INTERNAL_ACCOUNT_PATH, INTERNAL_SESSIONS_CHECK_PATH, type SessionVerdict } from '@keisha/contracts/identity';
import { sessionsCheckBody, sessionsCheckResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { type AccessClaims, AppError, internalOnly, parseAccessClaims, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../../plugins/accounts.ts';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database.ts';

const internalAccountResponse = z.object({ success: z.literal(true), account: z.object({ role: z.enum(['user', 'admin']), disabled: z.boolean() }) });

export async function internalRoutes(app: ServiceApp, options: { internalToken: string; accounts: Accounts }): Promise<void> {
  const db = app.db as Kysely<IdentityDatabase>;
  const onlyOurServices = internalOnly(options.internalToken);
  app.get(
    INTERNAL_ACCOUNT_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'An account’s role and whether it is enabled, for our own services (internal token)',
        params: z.object({ user_id: z.uuid({ error: 'Not an account id' }) }),
        response: { 200: internalAccountResponse, 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody },
      },
      onRequest: onlyOurServices,
    },
    async (request) => {
      const row = await db.selectFrom('users').select(['role', 'disabled_at']).where('id', '=', request.params.user_id).executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such account');
      return { success: true as const, account: { role: row.role, disabled: row.disabled_at !== null } };
    },
  );

  // The services' session check for many readers at once (a burst of new sessions): one request and one
  // query instead of a `me` each. The asking service has verified every token's signature already, so a
  // token whose signature does not verify refuses the whole batch. An expired token is one refusal.
  // Internal only: one request costs up to 100 signature checks and account reads, so a browser must not
  // be able to send it (`me` costs one); our services' calls are not rate-limited, as for `me`.
  app.post(
    INTERNAL_SESSIONS_CHECK_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'Whether each of many access tokens’ sessions still stands, for our own services (internal token)',
        body: sessionsCheckBody,
        response: { 200: sessionsCheckResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: onlyOurServices,
      config: { rateLimit: false },
    },
    async (request) => {
      const tokens = [...new Set(request.body.tokens)];
      const verdicts = new Map<string, SessionVerdict>();
      const claimed: Array<{ token: string; claims: AccessClaims }> = [];
      for (const token of tokens) {
        let claims: AccessClaims | undefined;
        try {
          claims = parseAccessClaims(await app.jwt.verify<AccessClaims>(token));
        } catch (error) {
          if ((error as { code?: string }).code !== 'FAST_JWT_EXPIRED') throw new AppError(401, 'UNAUTHENTICATED', 'Invalid or expired token');
          verdicts.set(token, { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Your session has expired. Please sign in again.' });
          continue;
        }
        if (!claims) throw new AppError(401, 'UNAUTHENTICATED', 'Invalid or expired token');
        claimed.push({ token, claims });
      }
      const accounts = await options.accounts.accountsForClaims(claimed.map((c) => c.claims));
      claimed.forEach(({ token }, i) => {
        const account = accounts[i]!;
        verdicts.set(
          token,
          account instanceof AppError
            ? { ok: false, status: account.statusCode === 403 ? 403 : 401, code: account.code, message: account.message }
            : { ok: true, user: { id: account.id, role: account.role } },
        );
      });
      return { success: true as const, sessions: request.body.tokens.map((token) => verdicts.get(token)!) };
    },
  );
}
