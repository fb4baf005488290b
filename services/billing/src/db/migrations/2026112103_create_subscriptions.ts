import { sql, type Kysely } from 'kysely';

// Every purchase of a plan, whatever the provider. Entitlements are computed from these rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull().check(sql`product in ('decoder', 'chat')`))
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active', 'cancelled', 'expired', 'refunded', 'failed')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('lifetime', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();
  await db.schema.createIndex('subscriptions_provider_ref_key').unique().on('subscriptions').columns(['provider', 'provider_ref']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
}
