import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { adminUsageQuery, adminUsageResponse, usageQuery, usageResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { localDay, nextLocalMidnight, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { usageRepository } from '../../db/repositories/usage.ts';
import { usageView } from '../../domain/quota/limits.ts';
import type { ReaderResolver } from '../../plugins/reader.ts';
import { timeZoneOf } from '../analysis/index.ts';

export async function usageRoutes(app: ServiceApp, options: { resolveReader: ReaderResolver }): Promise<void> {
  const usage = usageRepository(app.db as Kysely<DecoderDatabase>);

  // Spec section 7: a browser may show its count; only this route (and the analysis) decides it.
  app.get(
    DECODER_PATHS.usage,
    { schema: { tags: ['usage'], summary: 'Today’s analyses for the caller', querystring: usageQuery, response: { 200: usageResponse, 400: apiErrorBody, 401: apiErrorBody } } },
    async (request, reply) => {
      const timeZone = timeZoneOf(request.query.time_zone);
      const now = new Date();
      const reader = await options.resolveReader(request, reply);
      const used = await usage.current(reader.subjects, localDay(now, timeZone));
      return { success: true as const, usage: usageView(reader.tier, used, nextLocalMidnight(now, timeZone)) };
    },
  );

  app.get(
    DECODER_PATHS.adminUsage,
    {
      schema: { tags: ['admin'], summary: 'Today’s analyses per account', querystring: adminUsageQuery, response: { 200: adminUsageResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => {
      // Readers count by their own local day; "today" for an admin is the UTC day.
      const counts = await usage.forUsers(request.query.user_ids, localDay(new Date(), 'UTC'));
      const result = Object.fromEntries(request.query.user_ids.map((id) => [id, { decoder_today: counts.get(id) ?? 0, chat_today: null }]));
      return { success: true as const, usage: result };
    },
  );
}
