import { sql, type Kysely } from 'kysely';

// Reads that scanned a whole table, found by reading every query against these migrations and timed with EXPLAIN
// ANALYZE on PostgreSQL 15 (docs/identity.md, "Housekeeping"):
// - every account deletion's `delete from users` checks support_requests.answered_by (a foreign key with ON DELETE
//   SET NULL) inside the deletion's transaction;
// - an administrator's unlock and every password reset clear the account's per-address sign-in failures by the
//   prefix 'pair:<email>|', which the text primary key cannot serve under a non-C collation;
// - the housekeeping job deletes what has ended by its date (sign-in failure windows, refresh token families, link
//   windows, one-time links, yesterday's sign-up counts);
// - the console lists accounts newest first, a page at a time.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index support_requests_answered_by on support_requests (answered_by) where answered_by is not null`.execute(db);
  await sql`create index login_failures_subject_prefix on login_failures (subject text_pattern_ops)`.execute(db);
  await sql`create index login_failures_window on login_failures (window_started_at)`.execute(db);
  await sql`create index refresh_tokens_head_expires on refresh_tokens (expires_at) where used_at is null`.execute(db);
  await sql`create index account_links_expires on account_links (expires_at)`.execute(db);
  await sql`create index link_request_counts_window on link_request_counts (window_started_at)`.execute(db);
  await sql`create index signups_per_address_day on signups_per_address (day)`.execute(db);
  await sql`create index users_newest on users (created_at desc, id)`.execute(db);
  await sql`create index waitlist_newest on waitlist (created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'waitlist_newest',
    'users_newest',
    'signups_per_address_day',
    'link_request_counts_window',
    'account_links_expires',
    'refresh_tokens_head_expires',
    'login_failures_window',
    'login_failures_subject_prefix',
    'support_requests_answered_by',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
