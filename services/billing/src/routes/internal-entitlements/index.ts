// One account's entitlement for another of our services (the decoder, checking the owner of an API key,
// who sends no access token). The caller proves itself with the internal token; the route is outside
// /api, so the edge never routes a browser to it.
import { z } from 'zod';
import { INTERNAL_ENTITLEMENT_PATH } from '@keisha/contracts/billing';
import { entitlementResponse } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import { notErased } from '../../db/repositories/subscriptions.ts';
import { entitlementOf, type SubscriptionFacts } from '../../domain/entitlements.ts';

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
      const rows = await app.db
        .selectFrom('subscriptions')
        .select(['user_id', 'product', 'tier', 'status', 'current_period_end', 'lifetime'])
        .where('user_id', '=', request.params.user_id)
        .where(notErased)
        .execute();
      return { success: true as const, entitlement: entitlementOf(rows as SubscriptionFacts[], new Date()) };
    },
  );
}
