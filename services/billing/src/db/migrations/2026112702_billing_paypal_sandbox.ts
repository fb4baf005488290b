import { sql, type Kysely } from 'kysely';

// The PayPal sandbox (issue 28, item 3): with PAYMENTS_SANDBOX on and no PayPal keys, billing stands in
// for PayPal's subscriptions API. Each row is what PayPal would hold for one subscription: its id
// (I-SANDBOX-...), plan, custom_id (the buyer's account id), status and next billing time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('paypal_sandbox_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('custom_id', 'text', (c) => c.notNull())
    .addColumn('subscriber_email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('APPROVAL_PENDING', 'ACTIVE', 'CANCELLED')`))
    .addColumn('next_billing_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('paypal_sandbox_subscriptions_custom_idx').on('paypal_sandbox_subscriptions').columns(['custom_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('paypal_sandbox_subscriptions').execute();
}
