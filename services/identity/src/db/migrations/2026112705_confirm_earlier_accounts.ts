import { sql, type Kysely } from 'kysely';

// Accounts made before addresses were confirmed by link (migration 2026112703) never got a link to open: they
// count as confirmed, from the day they were made, so they keep the chat and their own allowance. Which accounts
// those are, the migration bookkeeping says: created before 2026112703 ran. Administrators are confirmed too (the
// operator chose their address). A fresh database has no accounts yet, and nothing changes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update users set email_verified_at = created_at
    where email_verified_at is null
      and (role = 'admin'
        or created_at < coalesce((select "timestamp"::timestamptz from kysely_migration where name = '2026112703_mail_outbox'), now()))`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: a confirmed address stays confirmed.
}
