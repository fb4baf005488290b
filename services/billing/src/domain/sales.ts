// The admin console's sales figures (issue 28, item 6): what billing confirmed, never what browsers report.
// From rows of (day, plan, provider, kind) with counts and cents to the totals, one count of purchases per
// day of the period, and the figures per plan and per provider. Pure: the rows and the period are given.
import type { PlanSales, ProviderSales, SalesFigures } from '@keisha/contracts/analytics';
import { lastLocalDays, type LocalDays } from '@keisha/service-kit';

/**
 * What a payment event did to a purchase, from its recorded outcome (fulfil writes `applied: <reason>`): the
 * first payment of a plan (activated), a later one of a renewing plan (renewed), or a refund.
 */
export type SaleKind = 'purchase' | 'renewal' | 'refund';
// The partial index payment_events_sales_idx (migration 2026120501) names the same three outcomes: change both.
export const OUTCOME_OF_KIND: Record<SaleKind, string> = { purchase: 'applied: activated', renewal: 'applied: renewed', refund: 'applied: refunded' };

export interface SaleRow {
  /** The local day (YYYY-MM-DD) the payment was confirmed. */
  day: string;
  product: 'decoder' | 'chat';
  tier: string;
  provider: string;
  kind: SaleKind;
  count: number;
  /** What the purchase charged, times count (a refund gives back what was charged). */
  cents: number;
}

/** The last `days` local days in `timeZone`, today included (the decoder's analytics count the same days). */
export type SalesPeriod = LocalDays;
export const salesPeriod = lastLocalDays;

const none = (): SalesFigures => ({ purchases: 0, renewals: 0, revenue_cents: 0, refunds: 0, refunded_cents: 0 });

function add(figures: SalesFigures, row: SaleRow): void {
  if (row.kind === 'purchase') {
    figures.purchases += row.count;
    figures.revenue_cents += row.cents;
  } else if (row.kind === 'renewal') {
    figures.renewals += row.count;
    figures.revenue_cents += row.cents;
  } else {
    figures.refunds += row.count;
    figures.refunded_cents += row.cents;
  }
}

const byRevenue = (a: SalesFigures, b: SalesFigures) => b.revenue_cents - a.revenue_cents || b.purchases - a.purchases;

export function salesFigures(rows: readonly SaleRow[], dates: readonly string[]) {
  const total = none();
  const index = new Map(dates.map((day, i) => [day, i]));
  const dailyPurchases = dates.map(() => 0);
  const plans = new Map<string, PlanSales>();
  const providers = new Map<string, ProviderSales>();
  for (const row of rows) {
    add(total, row);
    const i = index.get(row.day);
    if (row.kind === 'purchase' && i !== undefined) dailyPurchases[i]! += row.count;
    const planKey = `${row.product}/${row.tier}`;
    if (!plans.has(planKey)) plans.set(planKey, { product: row.product, tier: row.tier, ...none() });
    add(plans.get(planKey)!, row);
    if (!providers.has(row.provider)) providers.set(row.provider, { provider: row.provider, ...none() });
    add(providers.get(row.provider)!, row);
  }
  return {
    ...total,
    daily_purchases: dailyPurchases,
    by_plan: [...plans.values()].sort((a, b) => byRevenue(a, b) || a.product.localeCompare(b.product) || a.tier.localeCompare(b.tier)),
    by_provider: [...providers.values()].sort((a, b) => byRevenue(a, b) || a.provider.localeCompare(b.provider)),
  };
}
