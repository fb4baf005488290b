import { CHAT_PATHS } from '@keisha/contracts/chat';
import { adminUsageQuery, adminUsageResponse, usageQuery, usageResponse } from '@keisha/contracts/chat/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { readerDaysRepository, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../../db/database.ts';
import { usageRepository } from '../../db/repositories/usage.ts';
import { usageView } from '../../domain/quota/limits.ts';
import type { PlanResolver } from '../../plugins/plans.ts';
import { requireUser, timeZoneOf } from '../../plugins/request-guards.ts';

export async function usageRoutes(app: ServiceApp, options: { planFor: PlanResolver }): Promise<void> {
  const usage = usageRepository(app.db as Kysely<ChatDatabase>);
  const readerDays = readerDaysRepository(app.db);
  app.addHook('onRequest', requireUser(app));

  // The browser shows this count ('Messages today: n / 10'); only the send routes change it.
  app.get(
    CHAT_PATHS.usage,
    { schema: { tags: ['usage'], summary: 'Today’s messages for the caller', querystring: usageQuery, response: { 200: usageResponse, 400: apiErrorBody, 401: apiErrorBody } } },
    async (request) => {
      const timeZone = timeZoneOf(request.query.time_zone);
      const userId = request.user.sub;
      const readerDay = (await readerDays.peek([userId], timeZone)).get(userId)!;
      const [plan, used] = await Promise.all([options.planFor({ userId, bearer: request.headers.authorization! }), usage.current(userId, readerDay.day)]);
      return { success: true as const, usage: usageView(plan, used, readerDay.endsAt, readerDay.timeZone) };
    },
  );

  app.get(
    CHAT_PATHS.adminUsage,
    {
      schema: { tags: ['admin'], summary: 'Today’s messages per account', querystring: adminUsageQuery, response: { 200: adminUsageResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: requireAdmin,
    },
    async (request) => {
      // Each person's count on their own current day.
      const counts = await usage.forUsers(request.query.user_ids);
      return { success: true as const, usage: Object.fromEntries(request.query.user_ids.map((id) => [id, { chat_today: counts.get(id) ?? 0 }])) };
    },
  );
}
