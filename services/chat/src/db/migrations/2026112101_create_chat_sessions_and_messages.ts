import { sql, type Kysely } from 'kysely';

// Table names and columns of spec section 3: chat_sessions (id, user_id, created_at) and
// messages (id, session_id, user_prompt, ai_response, created_at).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_sessions_user_idx').on('chat_sessions').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('chat_sessions.id').onDelete('cascade'))
    .addColumn('user_prompt', 'text')
    .addColumn('ai_response', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('messages_session_idx').on('messages').columns(['session_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('chat_sessions').execute();
}
