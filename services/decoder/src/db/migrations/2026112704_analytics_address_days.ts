import type { Kysely } from 'kysely';

// Each address's share of the day's browser analytics (issue 28, item 6): one address sending at its full
// per-minute rate would otherwise fill the whole site's daily cap in hours and refuse everyone else's events.
// Rows are deleted by the retention sweep once their day is over.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_address_days')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_address_days_pkey', ['subject', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_address_days').execute();
}
