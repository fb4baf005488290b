import { ENTITLEMENT_PATHS } from '@keisha/contracts/billing';
import { accountIdsQuery, apiErrorBody } from '@keisha/contracts/schemas';
import { adminEntitlementsResponse, entitlementResponse } from '@keisha/contracts/billing/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import { entitlementsOf } from '../../db/repositories/entitlements.ts';

export async function entitlementRoutes(app: ServiceApp): Promise<void> {
  app.get(
    ENTITLEMENT_PATHS.me,
    { schema: { tags: ['entitlements'], summary: 'My plans', response: { 200: entitlementResponse, 401: apiErrorBody } }, preHandler: app.authenticate },
    async (request) => ({ success: true as const, entitlement: (await entitlementsOf(app.db, [request.user.sub])).get(request.user.sub)! }),
  );

  app.get(
    ENTITLEMENT_PATHS.admin,
    {
      schema: { tags: ['admin'], summary: 'Plans of several accounts', querystring: accountIdsQuery, response: { 200: adminEntitlementsResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => ({ success: true as const, entitlements: Object.fromEntries(await entitlementsOf(app.db, request.query.user_ids)) }),
  );
}
