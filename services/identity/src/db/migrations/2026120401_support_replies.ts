import type { Kysely } from 'kysely';

// Answers written in the admin console (docs/identity.md, "Support requests"): the reply is kept with the request it
// answers, shown to the reader on the account page and mailed to them. Null while open, and for a request marked
// answered after an answer by e-mail.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('support_requests').addColumn('reply', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('support_requests').dropColumn('reply').execute();
}
