import { sql, type Kysely } from 'kysely';

// The console's Enterprise demo requests, newest first a page at a time (demoRequestsPageQuery): without an index on
// created_at every page sorted the whole table (about 63 ms a page at 200,000 requests, PostgreSQL 15).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index enterprise_demo_requests_newest on enterprise_demo_requests (created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index enterprise_demo_requests_newest`.execute(db);
}
