import { CHAT_PATHS } from '@keisha/contracts/chat';
import { adminUsageQuery, adminUsageResponse, usageQuery, usageResponse } from '@keisha/contracts/chat/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../../db/database.ts';
import { usageRepository } from '../../db/repositories/usage.ts';
import { localDay, nextLocalMidnight } from '@keisha/service-kit';
import { usageView } from '../../domain/quota/limits.ts';
import type { PlanResolver } from '../../plugins/plans.ts';
import { requireUser, timeZoneOf } from '../../plugins/request-guards.ts';

export async function usageRoutes(app: ServiceApp, options: { planFor: PlanResolver }): Promise<void> {
  const usage = usageRepository(app.db as Kysely<ChatDatabase>);
  app.addHook('onRequest', requireUser(app));

  // The browser shows this count ('Messages today: n / 10'); only the send routes change it.
  app.get(
    CHAT_PATHS.usage,
    { schema: { tags: ['usage'], summary: 'Today’s messages for the caller', querystring: usageQuery, response: { 200: usageResponse, 400: apiErrorBody, 401: apiErrorBody } } },
    async (request) => {
      const timeZone = timeZoneOf(request.query.time_zone);
      const now = new Date();
      const [plan, used] = await Promise.all([options.planFor({ userId: request.user.sub, bearer: request.headers.authorization! }), usage.current(request.user.sub, localDay(now, timeZone))]);
      return { success: true as const, usage: usageView(plan, used, nextLocalMidnight(now, timeZone), timeZone) };
    },
  );

  app.get(
    CHAT_PATHS.adminUsage,
    {
      schema: { tags: ['admin'], summary: 'Today’s messages per account', querystring: adminUsageQuery, response: { 200: adminUsageResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: requireAdmin,
    },
    async (request) => {
      // People count by their own local day; "today" for an administrator is the UTC day.
      const counts = await usage.forUsers(request.query.user_ids, localDay(new Date(), 'UTC'));
      return { success: true as const, usage: Object.fromEntries(request.query.user_ids.map((id) => [id, { chat_today: counts.get(id) ?? 0 }])) };
    },
  );
}
