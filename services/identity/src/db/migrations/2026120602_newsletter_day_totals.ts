import { sql, type Kysely } from 'kysely';

// The console's Newsletter page showed 60 days of what went out by joining every delivery of those days to its
// message in the outbox: 600,000 deliveries at 10,000 readers, 1.5-1.9 s a visit on PostgreSQL 15, and growing with
// the list. A day's counts stop changing once its messages are settled (none pending) and the day is past its
// retries, so they are kept here when first counted then, and only the last days are counted live
// (newsletter/issues.ts). "Send again" on one of a day's messages forgets the day's row (mail/outbox.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_day_totals')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issue_id', 'uuid')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addColumn('pending', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('newsletter_day_totals_pk', ['day', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_day_totals').execute();
}
