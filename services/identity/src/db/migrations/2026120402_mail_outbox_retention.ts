import { sql, type Kysely } from 'kysely';

// The outbox keeps a copy of every message it sent. Its bodies are emptied after MAIL_BODY_RETENTION_DAYS
// (src/mail/retention.ts); this index holds only the rows that still have one, so the hourly pass reads the few
// due rows and never the long tail already emptied.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mail_outbox_bodies_kept on mail_outbox (created_at) where text_body <> '' or html_body <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_outbox_bodies_kept`.execute(db);
}
