import { sql, type Kysely } from 'kysely';

// Support requests from readers (docs/identity.md, "Support requests"): priority for the decoder's Monthly and
// Annual plans, kept with the address and the plan as they were when the request was sent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('priority', 'boolean', (c) => c.notNull())
    // 'Decoder Monthly', 'Decoder Annual', or null: a free plan, or billing could not say (then priority is true).
    .addColumn('plan', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'answered')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('support_requests_user').on('support_requests').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('support_requests_queue').on('support_requests').columns(['status', 'priority', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_requests').execute();
}
