import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One counter per subject (user:<id>, ip:<address>, device:<id>) per reader's day.
  await db.schema
    .createTable('usage_counters')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().check(sql`used >= 0`))
    .addPrimaryKeyConstraint('usage_counters_pk', ['subject', 'day'])
    .execute();
  // Secrets this service makes for itself at first start (the device-cookie key).
  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_secrets').execute();
  await db.schema.dropTable('usage_counters').execute();
}
