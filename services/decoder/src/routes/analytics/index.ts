import { ANALYTICS_PATHS, type AnalyticsPeriod } from '@keisha/contracts/analytics';
import { analyticsSummaryQuery, analyticsSummaryResponse, clientErrorBody, clientErrorResponse } from '@keisha/contracts/analytics/schemas';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { trackBody, trackResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { analyticsRepository } from '../../db/repositories/analytics.ts';
import { keptReport } from '../../domain/analytics/client-error.ts';
import { periodDays } from '../../domain/analytics/period.ts';
import { dailyCounts, eventSeries, funnelSteps } from '../../domain/analytics/summary.ts';
import { timeZoneOf } from '../analysis/index.ts';

export interface AnalyticsRouteOptions {
  rateLimitMax: number;
  clientErrorRateLimitMax: number;
}

export async function analyticsRoutes(app: ServiceApp, options: AnalyticsRouteOptions): Promise<void> {
  const analytics = analyticsRepository(app.db as Kysely<DecoderDatabase>);

  // Spec section 7: events from the browser. A store failure is logged, never passed to the caller.
  app.post(
    DECODER_PATHS.track,
    {
      schema: { tags: ['analytics'], summary: 'Record an analytics event', body: trackBody, response: { 202: trackResponse, 400: apiErrorBody, 429: apiErrorBody } },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        await app.db.insertInto('analytics_events').values({ event: request.body.event, properties: JSON.stringify(request.body.properties) }).execute();
      } catch (error) {
        request.log.warn({ err: error }, 'analytics event not stored');
      }
      return reply.status(202).send({ success: true as const });
    },
  );

  // A remote that failed to load or crashed. Kept without the reader's address or account; admins see counts.
  app.post(
    ANALYTICS_PATHS.clientErrors,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Report a front-end failure (a remote that failed to load or crashed)',
        body: clientErrorBody,
        response: { 202: clientErrorResponse, 400: apiErrorBody, 429: apiErrorBody },
      },
      config: { rateLimit: { max: options.clientErrorRateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        await analytics.recordClientError(keptReport(request.body));
      } catch (error) {
        request.log.warn({ err: error }, 'client error report not stored');
      }
      return reply.status(202).send({ success: true as const });
    },
  );

  app.get(
    ANALYTICS_PATHS.adminSummary,
    {
      schema: {
        tags: ['analytics'],
        summary: 'Admins: events per day, the funnel from visit to purchase, and front-end error counts',
        querystring: analyticsSummaryQuery,
        response: { 200: analyticsSummaryResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody },
      },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => {
      const days = request.query.days as AnalyticsPeriod;
      const timeZone = timeZoneOf(request.query.time_zone);
      const period = periodDays(new Date(), days, timeZone);
      const [counts, errorDays, errorGroups] = await Promise.all([
        analytics.eventCounts(period, timeZone),
        analytics.clientErrorDaily(period, timeZone),
        analytics.clientErrorGroups(period, timeZone),
      ]);
      const events = eventSeries(counts, period.dates);
      const errorsDaily = dailyCounts(errorDays, period.dates);
      return {
        success: true as const,
        days,
        time_zone: timeZone,
        dates: period.dates,
        events,
        funnel: funnelSteps(events),
        client_errors: { total: errorsDaily.reduce((sum, n) => sum + n, 0), daily: errorsDaily, top: errorGroups },
      };
    },
  );
}
