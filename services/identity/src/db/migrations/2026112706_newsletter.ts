import { sql, type Kysely } from 'kysely';

// The daily newsletter (docs/identity.md, "Daily newsletter").
export async function up(db: Kysely<any>): Promise<void> {
  // Extra headers of a message (List-Unsubscribe and List-Unsubscribe-Post for the newsletter), as JSON text.
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  // A reader's choice; no row: not subscribed.
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('subscribed', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // 'account' (the account page) or 'link' (the unsubscribe link or a mail client's one-click button).
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .execute();

  // Issues written by administrators: at most one a day.
  await db.schema
    .createTable('newsletter_issues')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('day', 'text', (c) => c.notNull().unique().check(sql`day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('markdown', 'text')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per reader per day, inserted in the transaction that queues the message: the primary key is
  // what makes the newsletter go out once per reader per day, whatever runs, restarts or replicas race.
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('issue', 'automatic')`))
    .addColumn('issue_id', 'uuid', (c) => c.references('newsletter_issues.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('outbox_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('newsletter_deliveries_day').on('newsletter_deliveries').columns(['day']).execute();

  // A day's run: claimed with a lease so one replica at a time walks the readers; finished when every
  // eligible reader has had the day's message (a reader skipped for a failed lookup leaves it unfinished).
  await db.schema
    .createTable('newsletter_runs')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_runs').execute();
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_issues').execute();
  await db.schema.dropTable('newsletter_subscriptions').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
}
