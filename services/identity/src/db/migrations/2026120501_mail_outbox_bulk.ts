import { sql, type Kysely } from 'kysely';

// Bulk mail (the daily newsletter) goes after every message a reader is waiting for. The pollers took messages in the
// order they were queued, so a sign-in, reset or confirmation link queued just after the day's newsletter waited for
// every newsletter before it (thousands of messages, minutes to hours with a real mail server, longer than a reset
// link lives). `bulk` marks the newsletter's messages; the pollers take the others first. The index holds only the
// waiting messages, in the order the pollers take them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('bulk', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`update mail_outbox set bulk = true where kind = 'newsletter' and status = 'pending'`.execute(db);
  await sql`create index mail_outbox_waiting on mail_outbox (bulk, next_attempt_at, created_at) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_outbox_waiting`.execute(db);
  await db.schema.alterTable('mail_outbox').dropColumn('bulk').execute();
}
