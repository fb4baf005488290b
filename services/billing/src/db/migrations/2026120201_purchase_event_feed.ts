import { sql, type Kysely } from 'kysely';

// The purchase-event feed (GET /internal/billing/purchase-events; identity mails receipts from it). Each
// payment event gets a position: the id of the transaction that wrote it (`feed_tx`, xid8) and a sequence number
// (`feed_seq`). The feed only gives events whose transaction is older than every transaction still running
// (`feed_tx < pg_snapshot_xmin(pg_current_snapshot())`), in (feed_tx, feed_seq) order, so an event committed
// late can never land behind a cursor already given out: a sequence (or a timestamp) alone can, since a lower
// number may commit after a higher one was read.
// Rows recorded before this migration keep no position and are not in the feed: those readers were never
// mailed, and a receipt months late would confuse more than it tells.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence payment_events_feed_seq`.execute(db);
  await db.schema.alterTable('payment_events').addColumn('feed_seq', 'bigint').addColumn('feed_tx', sql`xid8`).execute();
  await sql`alter table payment_events alter column feed_seq set default nextval('payment_events_feed_seq')`.execute(db);
  await sql`alter table payment_events alter column feed_tx set default pg_current_xact_id()`.execute(db);
  await sql`alter sequence payment_events_feed_seq owned by payment_events.feed_seq`.execute(db);
  // Only what the feed gives: the outcomes fulfil writes when a payment, a cancellation or a refund took effect.
  await sql`create index payment_events_feed_idx on payment_events (feed_tx, feed_seq)
    where feed_seq is not null and outcome in ('applied: activated', 'applied: renewed', 'applied: cancelled', 'applied: refunded')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index payment_events_feed_idx`.execute(db);
  await db.schema.alterTable('payment_events').dropColumn('feed_tx').dropColumn('feed_seq').execute();
}
