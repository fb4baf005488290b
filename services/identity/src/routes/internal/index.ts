// Whether an account is enabled and what its role is, for another of our services (the decoder,
// checking the owner of an API key, who sends no access token). The caller proves itself with the
// internal token; the route is outside /api, so the edge never routes a browser to it.
import { z } from 'zod';
import { INTERNAL_ACCOUNT_PATH } from '@keisha/contracts/identity';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, INTERNAL_TOKEN_HEADER, internalTokenMatches, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database.ts';

const internalAccountResponse = z.object({ success: z.literal(true), account: z.object({ role: z.enum(['user', 'admin']), disabled: z.boolean() }) });

export async function internalRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  const db = app.db as Kysely<IdentityDatabase>;
  app.get(
    INTERNAL_ACCOUNT_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'An account’s role and whether it is enabled, for our own services (internal token)',
        params: z.object({ user_id: z.uuid({ error: 'Not an account id' }) }),
        response: { 200: internalAccountResponse, 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody },
      },
      onRequest: async (request) => {
        if (!internalTokenMatches(options.internalToken, request.headers[INTERNAL_TOKEN_HEADER])) {
          throw new AppError(401, 'UNAUTHENTICATED', 'Internal token required');
        }
      },
    },
    async (request) => {
      const row = await db.selectFrom('users').select(['role', 'disabled_at']).where('id', '=', request.params.user_id).executeTakeFirst();
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such account');
      return { success: true as const, account: { role: row.role, disabled: row.disabled_at !== null } };
    },
  );
}
