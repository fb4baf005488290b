import type { Kysely } from 'kysely';

// Articles analysed with an account's API keys per UTC day, all keys together (issue 29, item 2): the per-key
// figure alone let an account multiply its day by holding ten keys, or by revoking one and creating another.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_account_usage')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_account_usage_pkey', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_account_usage').execute();
}
