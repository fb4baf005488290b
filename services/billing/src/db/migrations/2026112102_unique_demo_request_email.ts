import type { Kysely } from 'kysely';

// One lead per address: a second request from the same person is the same lead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('enterprise_demo_requests_email_key').unique().on('enterprise_demo_requests').column('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('enterprise_demo_requests_email_key').execute();
}
