import { sql, type Kysely } from 'kysely';

// One row per account that has started a purchase: the row a start locks (SELECT ... FOR UPDATE) while it
// counts the account's starts of the last hour and inserts its own, so simultaneous starts are counted one
// after the other and the hourly cap is exact (issue 29, item 3). Holds nothing else.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriptions_user_created_idx').on('subscriptions').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subscriptions_user_created_idx').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
