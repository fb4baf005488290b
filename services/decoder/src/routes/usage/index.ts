import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { adminUsageQuery, adminUsageResponse, usageQuery, usageResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { readerDaysRepository, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { countersOf, resetsAtOf, usageRepository } from '../../db/repositories/usage.ts';
import { usageView } from '../../domain/quota/limits.ts';
import type { ReaderResolver } from '../../plugins/reader.ts';
import { timeZoneOf } from '../analysis/index.ts';

export async function usageRoutes(app: ServiceApp, options: { resolveReader: ReaderResolver }): Promise<void> {
  const usage = usageRepository(app.db as Kysely<DecoderDatabase>);
  const readerDays = readerDaysRepository(app.db);

  // Spec section 7: a browser may show its count; only this route (and the analysis) decides it.
  app.get(
    DECODER_PATHS.usage,
    { schema: { tags: ['usage'], summary: 'Today’s analyses for the caller', querystring: usageQuery, response: { 200: usageResponse, 400: apiErrorBody, 401: apiErrorBody } } },
    async (request, reply) => {
      const timeZone = timeZoneOf(request.query.time_zone);
      const reader = await options.resolveReader(request, reply);
      const days = await readerDays.peek(reader.subjects, timeZone);
      const used = await usage.current(countersOf(days));
      return { success: true as const, usage: usageView(reader.tier, used, resetsAtOf(days)) };
    },
  );

  app.get(
    DECODER_PATHS.adminUsage,
    {
      schema: { tags: ['admin'], summary: 'Today’s analyses per account', querystring: adminUsageQuery, response: { 200: adminUsageResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => {
      // Each reader's count on their own current day.
      const counts = await usage.forUsers(request.query.user_ids);
      const result = Object.fromEntries(request.query.user_ids.map((id) => [id, { decoder_today: counts.get(id) ?? 0, chat_today: null }]));
      return { success: true as const, usage: result };
    },
  );
}
