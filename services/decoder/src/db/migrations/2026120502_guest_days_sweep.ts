import { sql, type Kysely } from 'kysely';

// A guest's daily counters (`ip:<address>`, `device:<id>`) and the day each is on (reader_days) were kept for ever:
// two rows a day for every address and device that ever used the decoder, which a flood from many addresses (or a
// client that drops its device cookie) grows without bound, and addresses are personal data. The guest sweep
// (usage repository, forgetGuestDays) deletes them once no time zone can be on their day again. These partial
// indexes hold only guests' rows, so the sweep finds what is due without reading the readers' ones.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index usage_counters_guest_day on usage_counters (day) where subject not like 'user:%'`.execute(db);
  await sql`create index reader_days_guest_ends on reader_days (ends_at) where subject not like 'user:%'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists reader_days_guest_ends`.execute(db);
  await sql`drop index if exists usage_counters_guest_day`.execute(db);
}
