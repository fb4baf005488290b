import { sql, type Kysely } from 'kysely';

// Money that arrives for a purchase after its account was deleted is recorded and refused (payment_events,
// outcome 'refused: the account was deleted'); an administrator refunds it at the provider and marks it
// returned here, one mark per purchase (docs/billing.md, "Payments for deleted accounts"). The partial index
// finds those refusals without reading every event.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('erased_account_payment_returns')
    .addColumn('subscription_id', 'uuid', (c) => c.primaryKey().references('subscriptions.id'))
    .addColumn('returned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('returned_by', 'text', (c) => c.notNull())
    .execute();
  await sql`create index payment_events_erased_account_refusals_idx on payment_events (subscription_id, received_at) where outcome = 'refused: the account was deleted'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_events_erased_account_refusals_idx`.execute(db);
  await db.schema.dropTable('erased_account_payment_returns').execute();
}
