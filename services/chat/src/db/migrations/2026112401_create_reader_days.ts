import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Each counted subject's current day (zone, local date, end), fixed on the server so that a
  // request's time zone cannot open a new day (see @keisha/service-kit reader-day.ts).
  await db.schema
    .createTable('reader_days')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reader_days').execute();
}
