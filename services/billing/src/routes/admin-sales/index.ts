// Administrators (mf-account's analytics page): purchases, renewals, refunds and revenue that billing
// confirmed in a period, per plan and per provider. The admin funnel's "Purchased" is this figure: the
// browsers' `purchase` events are reports anyone can forge or block.
import { ANALYTICS_PATHS, type AnalyticsPeriod } from '@keisha/contracts/analytics';
import { salesSummaryQuery, salesSummaryResponse } from '@keisha/contracts/analytics/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, isTimeZone, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import { sql, type Kysely } from 'kysely';
import type { BillingDatabase } from '../../db/database.ts';
import { OUTCOME_OF_KIND, salesFigures, salesPeriod, type SaleRow, type SalesPeriod } from '../../domain/sales.ts';

/**
 * Confirmed payment events of the period with their purchase's plan, provider and price, per local day. The outcomes
 * are those of the partial index payment_events_sales_idx (migration 2026120501), which serves this read.
 */
export function saleRowsQuery(period: SalesPeriod, timeZone: string) {
  return sql<SaleRow>`
    select to_char(e.received_at at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      s.product, s.tier, s.provider,
      case e.outcome when ${OUTCOME_OF_KIND.purchase} then 'purchase' when ${OUTCOME_OF_KIND.renewal} then 'renewal' else 'refund' end as kind,
      count(*)::int as count, coalesce(sum(s.amount_cents), 0)::int as cents
    from payment_events e
    join subscriptions s on s.id = e.subscription_id
    where e.outcome in (${OUTCOME_OF_KIND.purchase}, ${OUTCOME_OF_KIND.renewal}, ${OUTCOME_OF_KIND.refund})
      and e.received_at >= (${period.from}::timestamp at time zone ${timeZone})
      and e.received_at < (${period.until}::timestamp at time zone ${timeZone})
    group by 1, 2, 3, 4, 5`;
}

export async function saleRows(db: Kysely<BillingDatabase>, period: SalesPeriod, timeZone: string): Promise<SaleRow[]> {
  return (await saleRowsQuery(period, timeZone).execute(db)).rows;
}

export async function adminSalesRoutes(app: ServiceApp): Promise<void> {
  const db = app.db as Kysely<BillingDatabase>;
  app.get(
    ANALYTICS_PATHS.adminSales,
    {
      onRequest: app.authenticate,
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Admins: purchases, renewals, refunds and revenue billing confirmed in the last 7, 30 or 90 days, per plan and per provider',
        querystring: salesSummaryQuery,
        response: { 200: salesSummaryResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody },
      },
    },
    async (request) => {
      const days = request.query.days as AnalyticsPeriod;
      const timeZone = request.query.time_zone ?? 'UTC';
      if (!isTimeZone(timeZone)) throw new AppError(400, 'VALIDATION', 'Unknown time zone');
      const period = salesPeriod(new Date(), days, timeZone);
      const figures = salesFigures(await saleRows(db, period, timeZone), period.dates);
      return { success: true as const, days, time_zone: timeZone, currency: 'USD' as const, dates: period.dates, ...figures };
    },
  );
}
