// Accounts' entitlements for our other services: one account (the decoder, checking the owner of an API key,
// who sends no access token) or up to 100 at once (identity's newsletter, a page of readers per question). The
// caller proves itself with the internal token; the routes are outside /api, so the edge never routes a browser
// to them.
import { z } from 'zod';
import { INTERNAL_ENTITLEMENT_PATH, INTERNAL_ENTITLEMENTS_PATH } from '@keisha/contracts/billing';
import { adminEntitlementsResponse, entitlementResponse } from '@keisha/contracts/billing/schemas';
import { accountIdsQuery, apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import { entitlementsOf } from '../../db/repositories/entitlements.ts';

export async function internalEntitlementRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  app.get(
    INTERNAL_ENTITLEMENT_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'One account’s plans, for our own services (internal token)',
        params: z.object({ user_id: z.uuid({ error: 'Not an account id' }) }),
        response: { 200: entitlementResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
    },
    async (request) => {
      const { user_id: id } = request.params;
      return { success: true as const, entitlement: (await entitlementsOf(app.db, [id])).get(id)! };
    },
  );

  app.get(
    INTERNAL_ENTITLEMENTS_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'The plans of up to 100 accounts, for our own services (internal token)',
        querystring: accountIdsQuery,
        response: { 200: adminEntitlementsResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
    },
    async (request) => ({ success: true as const, entitlements: Object.fromEntries(await entitlementsOf(app.db, request.query.user_ids)) }),
  );
}
