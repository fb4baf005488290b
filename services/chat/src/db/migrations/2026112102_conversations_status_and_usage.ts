import { sql, type Kysely } from 'kysely';

// Conversations get a title and a last-activity time; each messages row (one bubble: user_prompt for
// the person, ai_response for Keisha) gets a status, the engine that wrote it, its sources and notes,
// and `seq`, an insertion order that breaks ties between rows written in the same instant.
// The daily message counter is one row per account per local day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('title', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`UPDATE chat_sessions SET updated_at = created_at`.execute(db);
  await db.schema.createIndex('chat_sessions_user_activity_idx').on('chat_sessions').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .alterTable('messages')
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('complete').check(sql`status in ('complete', 'streaming', 'stopped', 'failed')`))
    .addColumn('engine', 'text', (c) => c.check(sql`engine in ('llm', 'embedded')`))
    .addColumn('sources', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  // One bubble per row from now on. NOT VALID: rows written before this migration are not checked
  // (the API shows such a row as corrupted instead of failing).
  await sql`ALTER TABLE messages ADD CONSTRAINT messages_one_bubble CHECK ((user_prompt IS NULL) <> (ai_response IS NULL)) NOT VALID`.execute(db);
  await db.schema.createIndex('messages_session_seq_idx').on('messages').columns(['session_id', 'seq']).execute();

  await db.schema
    .createTable('chat_usage_counters')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().check(sql`used >= 0`))
    .addPrimaryKeyConstraint('chat_usage_counters_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_usage_counters').execute();
  await db.schema.dropIndex('messages_session_seq_idx').execute();
  await sql`ALTER TABLE messages DROP CONSTRAINT messages_one_bubble`.execute(db);
  await db.schema.alterTable('messages').dropColumn('notes').dropColumn('sources').dropColumn('engine').dropColumn('status').dropColumn('seq').execute();
  await db.schema.dropIndex('chat_sessions_user_activity_idx').execute();
  await db.schema.alterTable('chat_sessions').dropColumn('updated_at').dropColumn('title').execute();
}
