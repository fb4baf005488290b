// What a reader should be told about their purchases, for identity, which mails the receipts (docs/billing.md,
// "Receipts"): every payment that took effect (a first payment or a renewal), every plan that stopped renewing,
// every refund, in a stable order after a cursor. Built on payment_events: fulfil records each event once and
// writes `applied: <what changed>` when it changed the purchase, so a repeated webhook or a second Pay is never
// a second event. The position (feed_tx, feed_seq) and the snapshot rule are in migration 2026120201: an event is
// given only once no transaction that began before it is still running, so none ever appears behind a cursor.
// The caller proves itself with the internal token; the route is outside /api, so the edge never serves it.
import { sql } from 'kysely';
import { INTERNAL_PURCHASE_EVENTS_PATH, type PurchaseEventKind } from '@keisha/contracts/billing';
import { purchaseEventsQuery, purchaseEventsResponse, type PurchaseEvent } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { internalOnly, type ServiceApp } from '@keisha/service-kit';
import { planName } from '../../domain/plan-cover.ts';

const KIND_OF_OUTCOME: Readonly<Record<string, PurchaseEventKind>> = {
  'applied: activated': 'paid',
  'applied: renewed': 'paid',
  'applied: cancelled': 'cancelled',
  'applied: refunded': 'refunded',
};
const OUTCOMES = Object.keys(KIND_OF_OUTCOME);
/** The actor upgrades.ts cancels an outranked plan as. */
const UPGRADE_ACTOR = 'billing:upgrade';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function internalPurchaseEventRoutes(app: ServiceApp, options: { internalToken: string }): Promise<void> {
  app.get(
    INTERNAL_PURCHASE_EVENTS_PATH,
    {
      schema: {
        tags: ['internal'],
        summary: 'Payments, cancellations and refunds to tell readers about, after a cursor (internal token)',
        querystring: purchaseEventsQuery,
        response: { 200: purchaseEventsResponse, 400: apiErrorBody, 401: apiErrorBody },
      },
      onRequest: internalOnly(options.internalToken),
    },
    async (request) => {
      const { after, limit } = request.query;
      const [afterTx, afterSeq] = after ? after.split('.') : [null, null];
      let query = app.db
        .selectFrom('payment_events as e')
        .innerJoin('subscriptions as s', 's.id', 'e.subscription_id')
        .select([
          'e.id',
          sql<string>`e.feed_tx::text`.as('feed_tx'),
          sql<string>`e.feed_seq::text`.as('feed_seq'),
          'e.outcome',
          'e.actor',
          'e.received_at',
          's.id as subscription_id',
          's.user_id',
          's.email',
          's.product',
          's.tier',
          's.amount_cents',
          's.currency',
          's.provider',
          's.payment_method',
          's.lifetime',
          's.current_period_end',
        ])
        .where(sql<boolean>`e.feed_seq is not null`)
        .where('e.outcome', 'in', OUTCOMES)
        // Only transactions that are over: none older than these events can still commit behind them.
        .where(sql<boolean>`e.feed_tx < pg_snapshot_xmin(pg_current_snapshot())`);
      if (afterTx !== null) query = query.where(sql<boolean>`(e.feed_tx, e.feed_seq) > (${afterTx}::xid8, ${afterSeq}::bigint)`);
      const rows = await query.orderBy(sql`e.feed_tx`).orderBy(sql`e.feed_seq`).limit(limit).execute();

      const events: PurchaseEvent[] = rows.map((row) => ({
        id: row.id,
        cursor: `${row.feed_tx}.${row.feed_seq}`,
        kind: KIND_OF_OUTCOME[row.outcome]!,
        renewal: row.outcome === 'applied: renewed',
        replaced_by_upgrade: row.outcome === 'applied: cancelled' && row.actor === UPGRADE_ACTOR,
        subscription_id: row.subscription_id,
        user_id: row.user_id,
        email: row.email,
        product: row.product,
        tier: row.tier,
        plan_name: planName(row.product, row.tier),
        amount_cents: row.amount_cents,
        currency: row.currency,
        provider: row.provider,
        payment_method: row.payment_method,
        lifetime: row.lifetime,
        period_end: row.lifetime ? null : iso(row.current_period_end),
        occurred_at: iso(row.received_at)!,
      }));
      return { success: true as const, events, next_cursor: events.at(-1)?.cursor ?? after ?? null };
    },
  );
}
