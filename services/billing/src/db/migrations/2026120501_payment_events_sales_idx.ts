import { sql, type Kysely } from 'kysely';

// The admin sales figures (routes/admin-sales, saleRowsQuery) read the payment events of the last 7, 30 or 90 days
// whose outcome is a purchase, a renewal or a refund. Without an index that is every event ever recorded, webhooks
// ignored as duplicates included. The predicate is the query's own `outcome in (...)` (OUTCOME_OF_KIND in
// domain/sales.ts): a partial index is used only when the query's WHERE implies its predicate, so the two change
// together (test/query-indexes.test.ts fails otherwise).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index payment_events_sales_idx on payment_events (received_at)
    where outcome in ('applied: activated', 'applied: renewed', 'applied: refunded')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_events_sales_idx`.execute(db);
}
