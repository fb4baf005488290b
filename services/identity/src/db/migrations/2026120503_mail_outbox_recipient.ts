import { sql, type Kysely } from 'kysely';

// A reader's mail is found by its address twice: the data download lists it, and an account deletion deletes it in the
// transaction that holds the account's row. Without an index both read the whole outbox, which keeps a row for every
// message ever sent (a newsletter a day to every subscriber: some 3.6 million rows a year at 10,000 readers).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mail_outbox_recipient on mail_outbox (recipient)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_outbox_recipient`.execute(db);
}
