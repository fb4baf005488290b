import { ANALYTICS_PATHS, type AnalyticsPeriod } from '@keisha/contracts/analytics';
import { analyticsSummaryQuery, analyticsSummaryResponse, clientErrorBody, clientErrorResponse } from '@keisha/contracts/analytics/schemas';
import { DECODER_PATHS } from '@keisha/contracts/decoder';
import { trackBody, trackResponse } from '@keisha/contracts/analytics/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DecoderDatabase } from '../../db/database.ts';
import { analyticsRepository } from '../../db/repositories/analytics.ts';
import { eventBytes, retentionCutoff, secondsUntilNextUtcDay, utcDay, type AnalyticsBounds } from '../../domain/analytics/bounds.ts';
import { keptReport } from '../../domain/analytics/client-error.ts';
import { periodDays } from '../../domain/analytics/period.ts';
import { dailyCounts, eventSeries, funnelSteps } from '../../domain/analytics/summary.ts';
import { timeZoneOf } from '../analysis/index.ts';

export interface AnalyticsRouteOptions {
  rateLimitMax: number;
  clientErrorRateLimitMax: number;
  /** The daily caps and the retention period (defaults: ANALYTICS_* in env.ts). */
  bounds: AnalyticsBounds;
  /** How often rows past the retention period are deleted (also once at start). */
  sweepIntervalMs: number;
}

export const DAILY_LIMIT_MESSAGE = 'No more analytics events are recorded today from this address or for the site.';

/**
 * A report the browser sends, which anyone can send: its body, answered 202 (or 400 and 429 in our error shape),
 * at most `max` a minute per address.
 */
function browserReport<B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, answer: R, max: number) {
  return {
    schema: { tags: ['analytics'], summary, body, response: { 202: answer, 400: apiErrorBody, 429: apiErrorBody } },
    config: { rateLimit: { max, timeWindow: '1 minute' } },
  };
}

export async function analyticsRoutes(app: ServiceApp, options: AnalyticsRouteOptions): Promise<void> {
  const analytics = analyticsRepository(app.db as Kysely<DecoderDatabase>);
  const { bounds } = options;
  const refused = app.metrics.counter('analytics_events_refused_total', 'Browser events refused because the address’s share of the day or the day’s global cap (events or bytes) was reached.');
  const swept = app.metrics.counter('analytics_rows_deleted_total', 'Analytics rows deleted after the retention period, by table.', ['table']);

  // Spec section 7: events from the browser, which anyone can send. Bounded five ways: names from our list and
  // small flat properties (trackBody), a rate per address (rateLimit), a share per address and a global cap per
  // UTC day (recordEvent), and a retention period (the sweep below). A store failure is logged, never passed to the caller.
  app.post(
    DECODER_PATHS.track,
    browserReport('Record an analytics event (one of the site’s event names; properties flat, 4 KB at most)', trackBody, trackResponse, options.rateLimitMax),
    async (request, reply) => {
      const now = new Date();
      const properties = JSON.stringify(request.body.properties);
      let stored = true;
      try {
        stored = await analytics.recordEvent(
          request.body.event,
          properties,
          eventBytes(request.body.event, properties),
          { day: utcDay(now), subject: `ip:${request.clientNetwork}` },
          { events: bounds.dailyEvents, bytes: bounds.dailyBytes, eventsPerSubject: bounds.dailyEventsPerAddress },
        );
      } catch (error) {
        request.log.warn({ err: error }, 'analytics event not stored');
      }
      if (!stored) {
        refused.inc();
        return reply
          .status(429)
          .header('retry-after', String(secondsUntilNextUtcDay(now)))
          .send({ success: false as const, error: { code: 'ANALYTICS_DAILY_LIMIT', message: DAILY_LIMIT_MESSAGE } });
      }
      return reply.status(202).send({ success: true as const });
    },
  );

  // Rows past the retention period go: once at start, then on a timer. Every replica may sweep; a delete
  // of what another already deleted finds nothing.
  let sweeping: Promise<void> = Promise.resolve();
  let closed = false;
  const sweep = () => {
    if (closed) return;
    sweeping = sweeping
      .then(async () => {
        const deleted = await analytics.deleteBefore(retentionCutoff(new Date(), bounds.retentionDays));
        swept.inc({ table: 'analytics_events' }, deleted.events);
        swept.inc({ table: 'client_errors' }, deleted.clientErrors);
        if (deleted.events + deleted.clientErrors > 0) app.log.info({ deleted, retentionDays: bounds.retentionDays }, 'analytics past the retention period deleted');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'analytics retention sweep failed; next try on the timer'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, options.sweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await sweeping;
  });

  // A remote that failed to load or crashed. Kept without the reader's address or account; admins see counts.
  app.post(
    ANALYTICS_PATHS.clientErrors,
    browserReport('Report a front-end failure (a remote that failed to load or crashed)', clientErrorBody, clientErrorResponse, options.clientErrorRateLimitMax),
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
        summary: 'Admins: events per day and the funnel to a checkout as browsers report them (unverified), and front-end error counts',
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
