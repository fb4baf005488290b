import type { Kysely } from 'kysely';

// Browser analytics are bounded (issue 28, item 6): one row per UTC day counts the events and the bytes of
// properties accepted that day. The track route takes its place in this row and stores the event in one
// statement, so the daily cap holds exactly under concurrency and across replicas.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_days')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_days').execute();
}
