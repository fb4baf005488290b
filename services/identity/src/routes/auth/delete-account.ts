// POST /api/auth/delete-account { password }: the signed-in reader deletes their account (src/erasure/delete-account.ts).
// The password is asked again, as for a change of address: a device left signed in is not enough to delete.
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { deleteAccountBody, okResponse } from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import type { ServiceApp } from '@keisha/service-kit';
import type { AccountDeletion } from '../../erasure/delete-account.ts';
import { sessionCookies } from './session-cookies.ts';

export async function deleteAccountRoutes(app: ServiceApp, options: { deletion: AccountDeletion; cookieSecure: boolean; rateLimitMax: number }): Promise<void> {
  const cookies = sessionCookies(options.cookieSecure);
  app.post(
    AUTH_PATHS.deleteAccount,
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete the signed-in account for good (asks for the password)',
        body: deleteAccountBody,
        response: { 200: okResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
      },
      preHandler: app.authenticate,
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await options.deletion.deleteAccount(request.user.sub, request.body.password);
      cookies.clear(reply);
      return { success: true as const };
    },
  );
}
