import { sql, type Kysely } from 'kysely';

// Purchases carry what was charged, where the buyer returns to, and when access began or was
// cancelled. Every provider event (and every admin or buyer action) is recorded once in
// payment_events: the unique (provider, event_id) is what makes a repeated webhook a no-op.
// billing_secrets holds per-install secrets (the sandbox's webhook signing key).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('payment_method', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text')
    .addColumn('email', 'text')
    .addColumn('return_url', 'text')
    .addColumn('cancel_url', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('activated_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('subscriptions_provider_status_idx').on('subscriptions').columns(['provider', 'status', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'uuid')
    .addColumn('resource_ref', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_events_provider_event_key').unique().on('payment_events').columns(['provider', 'event_id']).execute();
  await db.schema.createIndex('payment_events_resource_idx').on('payment_events').columns(['provider', 'resource_ref']).execute();
  await db.schema.createIndex('payment_events_subscription_idx').on('payment_events').column('subscription_id').execute();

  await db.schema
    .createTable('billing_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_secrets').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropIndex('subscriptions_provider_status_idx').execute();
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('payment_method')
    .dropColumn('amount_cents')
    .dropColumn('currency')
    .dropColumn('email')
    .dropColumn('return_url')
    .dropColumn('cancel_url')
    .dropColumn('checkout_url')
    .dropColumn('failure_reason')
    .dropColumn('activated_at')
    .dropColumn('cancelled_at')
    .execute();
}
