import { sql, type Kysely } from 'kysely';

// The retention sweep (analytics repository, deleteBefore) deletes the addresses' shares of days before yesterday:
// `where day < ...`. The primary key is (subject, day) and cannot serve a condition on day alone, so every hourly
// sweep read the whole table, today's and yesterday's rows of every address, to find none or one day to delete.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index analytics_address_days_day on analytics_address_days (day)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index analytics_address_days_day`.execute(db);
}
