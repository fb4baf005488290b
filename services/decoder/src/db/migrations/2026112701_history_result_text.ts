import { sql, type Kysely } from 'kysely';

// A history entry's result is kept as the JSON text the decoder wrote (the contract's compiled serializer,
// routes/analysis) instead of jsonb. Nothing queries inside it: it is only read back whole to reopen an
// entry (routes/history parses it). As jsonb, PostgreSQL parsed every entry's several KB of JSON into its
// binary form at each write, about a third of the server's CPU per analysis (`bench:decoder -- --writes-only`);
// as text it stores the bytes it gets. Existing rows keep their content (jsonb's text form is JSON).
// lz4 stays the column's compression where the server has it (2026112601_history_lz4).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column result type text using result::text`.execute(db);
  await sql`
    do $$ begin
      alter table analyses alter column result set compression lz4;
    exception when feature_not_supported then null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column result type jsonb using result::jsonb`.execute(db);
  await sql`
    do $$ begin
      alter table analyses alter column result set compression lz4;
    exception when feature_not_supported then null;
    end $$`.execute(db);
}
