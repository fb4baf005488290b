import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One-time links mailed to an account's owner: a password reset, an e-mail change (sent to the new
  // address) and a sign-in/unlock link while strangers hold the account's sign-ins back. The token is kept
  // only as its SHA-256; `email` is the address the account had when the link was made, so a link made
  // before the address changed opens nothing.
  await db.schema
    .createTable('account_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password-reset', 'email-change', 'unlock')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('account_links_user').on('account_links').columns(['user_id', 'purpose', 'created_at']).execute();

  // Requests for such links, counted per subject (an address, an account) in a window, by one atomic upsert.
  await db.schema
    .createTable('link_request_counts')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_request_counts').execute();
  await db.schema.dropTable('account_links').execute();
}
