import { sql, type Kysely } from 'kysely';

// Whether an administrator's issue has gone out (it can no longer be edited or withdrawn) is asked by its id: without
// an index that read every delivery ever made, some 3.6 million rows a year at 10,000 readers, on each edit. Only the
// deliveries of written issues have one.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index newsletter_deliveries_issue on newsletter_deliveries (issue_id) where issue_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index newsletter_deliveries_issue`.execute(db);
}
