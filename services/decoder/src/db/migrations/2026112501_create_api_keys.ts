import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // API keys of annual subscribers and administrators: only a SHA-256 of the key is kept (see
  // domain/api-keys.ts), with its public prefix to name it in lists and logs.
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    // Whether the owner was an administrator when creating it: an administrator's key works without a plan.
    .addColumn('owner_is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
  // Articles analysed per key and UTC day.
  await db.schema
    .createTable('api_key_usage')
    .addColumn('key_id', 'uuid', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_key_usage_pkey', ['key_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_usage').execute();
  await db.schema.dropTable('api_keys').execute();
}
