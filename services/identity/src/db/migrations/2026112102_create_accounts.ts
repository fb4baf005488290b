import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email) and char_length(email) between 3 and 254`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`))
    .addColumn('disabled_at', 'timestamptz')
    // Access tokens issued before this instant are refused by identity (sign out of all devices).
    .addColumn('sessions_valid_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`'epoch'`))
    .addColumn('last_sign_in_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Spec table `profiles` (id, username, avatar_url, website). Plan and message counters live with
  // billing and chat, which own them.
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.check(sql`char_length(username) <= 40`))
    .addColumn('avatar_url', 'text', (c) => c.check(sql`char_length(avatar_url) <= 2048`))
    .addColumn('website', 'text', (c) => c.check(sql`char_length(website) <= 2048`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Opaque refresh tokens, stored as a hash. A family is one signed-in device; rotating keeps the
  // family, and presenting a rotated token again revokes the whole family.
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_key_pem', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Failed sign-ins per account address, in the database so every instance counts the same.
  await db.schema
    .createTable('login_failures')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['login_failures', 'signing_keys', 'refresh_tokens', 'profiles', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
