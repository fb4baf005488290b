import { sql, type Kysely } from 'kysely';

// An account's demo requests are found by `lower(email)` among the addresses it paid with, twice: the erasure deletes
// them inside the transaction that clears its purchases (payments/erasure.ts), and the reader's export lists them
// (repositories/account-export.ts). The unique index on `email` cannot serve `lower(email)`, so both read the whole
// table; this expression index finds them directly.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index enterprise_demo_requests_lower_email_idx on enterprise_demo_requests (lower(email))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index enterprise_demo_requests_lower_email_idx`.execute(db);
}
