import { sql, type Kysely } from 'kysely';

// Deleting an account (src/erasure): identity removes its own rows at once, and writes here, in the same transaction,
// one row per other service that must erase the account's data (decoder, chat, billing). A job calls each service's
// internal erasure route until it has answered twice: once at once, and once more after the account's last sessions
// can no longer write (`passes`). No foreign key: the account's row is gone when these are written.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_erasures')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull().check(sql`service in ('decoder', 'chat', 'billing')`))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'timestamptz')
    .addPrimaryKeyConstraint('account_erasures_pk', ['user_id', 'service'])
    .execute();
  await db.schema.createIndex('account_erasures_due').on('account_erasures').column('next_attempt_at').where(sql.ref('done_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_erasures').execute();
}
