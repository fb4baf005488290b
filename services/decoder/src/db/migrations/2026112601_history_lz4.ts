import { sql, type Kysely } from 'kysely';

// A history entry is its article and the whole analysis as shown (about 8 KB for 200 words), which
// PostgreSQL compresses in TOAST. lz4 compresses it at a fraction of the CPU of the default pglz: on the
// write alone (`bench:decoder -- --writes-only` setting), the database's CPU per entry fell from
// 164-204 to 127-164 us. Servers built without lz4 (PGlite) keep pglz: the columns work the same.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$ begin
      alter table analyses alter column text set compression lz4, alter column result set compression lz4;
    exception when feature_not_supported then null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table analyses alter column text set compression default, alter column result set compression default`.execute(db);
}
