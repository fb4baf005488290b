import { ENTITLEMENT_PATHS, type Entitlement } from '@keisha/contracts/billing';
import { accountIdsQuery, apiErrorBody } from '@keisha/contracts/schemas';
import { adminEntitlementsResponse, entitlementResponse } from '@keisha/contracts/billing/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import { notErased } from '../../db/repositories/subscriptions.ts';
import { entitlementOf, type SubscriptionFacts } from '../../domain/entitlements.ts';


export async function entitlementRoutes(app: ServiceApp): Promise<void> {
  async function entitlementsFor(ids: string[]): Promise<Map<string, Entitlement>> {
    const rows = ids.length
      ? await app.db
          .selectFrom('subscriptions')
          .select(['user_id', 'product', 'tier', 'status', 'current_period_end', 'lifetime'])
          .where('user_id', 'in', ids)
          .where(notErased)
          .execute()
      : [];
    const now = new Date();
    return new Map(ids.map((id) => [id, entitlementOf(rows.filter((r: { user_id: string }) => r.user_id === id) as SubscriptionFacts[], now)]));
  }

  app.get(
    ENTITLEMENT_PATHS.me,
    { schema: { tags: ['entitlements'], summary: 'My plans', response: { 200: entitlementResponse, 401: apiErrorBody } }, preHandler: app.authenticate },
    async (request) => ({ success: true as const, entitlement: (await entitlementsFor([request.user.sub])).get(request.user.sub)! }),
  );

  app.get(
    ENTITLEMENT_PATHS.admin,
    {
      schema: { tags: ['admin'], summary: 'Plans of several accounts', querystring: accountIdsQuery, response: { 200: adminEntitlementsResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => ({ success: true as const, entitlements: Object.fromEntries(await entitlementsFor(request.query.user_ids)) }),
  );
}
