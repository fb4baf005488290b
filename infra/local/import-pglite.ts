// One-time import of a service's PGlite folder (`.data/<service>`, the embedded default before one PostgreSQL
// served all services) into its schema on the platform's PostgreSQL. Run by the launcher as a process of its own
// (PGlite holds hundreds of MB that the launcher must not keep):
//   IMPORT_DATABASE_URL=postgresql://... node infra/local/import-pglite.ts <service> <pglite folder>
// Both sides are first brought to the service's latest migration, then, in one transaction on PostgreSQL, the
// schema's tables are emptied (seed rows the migrations made) and every row is copied as JSON
// (row_to_json on PGlite, json_populate_recordset on PostgreSQL: every type goes through its text form), with
// foreign keys checked only once all is in (session_replication_role), and the sequences set past the copied ids.
// It prints one JSON line: the rows copied per table.
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type MigrationSet } from '@keisha/service-kit';
import { sql } from 'kysely';
import { REPO_ROOT, SERVICES, type ServiceName } from './topology.ts';

const BATCH_ROWS = 1000;

export async function importPgliteFolder(service: ServiceName, folder: string, url: string): Promise<Record<string, number>> {
  const { migrations } = (await import(path.join(REPO_ROOT, 'services', service, 'src', 'db', 'migrations', 'index.ts'))) as { migrations: MigrationSet };
  const source = await openDatabase<any>({ dataDir: folder });
  try {
    await migrateToLatest(source.db, migrations);
    const target = await openDatabase<any>({ url, schema: service, poolSize: 1 });
    try {
      await migrateToLatest(target.db, migrations, service);
    } finally {
      await target.close();
    }
    const tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%' order by table_name`.execute(source.db)
    ).rows.map((row) => row.name);

    const client = new pg.Client({ connectionString: url, options: `-c search_path=${service}` });
    await client.connect();
    const copied: Record<string, number> = {};
    try {
      await client.query('begin');
      // Rows go in table by table, whatever their references: the foreign keys hold once all are in.
      await client.query('set local session_replication_role = replica');
      const existing = (
        await client.query<{ name: string }>(
          `select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'`,
          [service],
        )
      ).rows.map((row) => row.name);
      if (existing.length > 0) await client.query(`truncate ${existing.map((t) => client.escapeIdentifier(t)).join(', ')}`);
      for (const table of tables) {
        if (!existing.includes(table)) throw new Error(`table ${table} of the PGlite folder is not in ${service}'s migrations`);
        const columns = (
          await client.query<{ name: string }>(
            `select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2 and is_generated = 'NEVER' order by ordinal_position`,
            [service, table],
          )
        ).rows.map((row) => client.escapeIdentifier(row.name));
        const quoted = client.escapeIdentifier(table);
        copied[table] = 0;
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const rows = (
            await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table)} t order by t.ctid limit ${BATCH_ROWS} offset ${offset}`.execute(source.db)
          ).rows;
          if (rows.length === 0) break;
          await client.query(
            `insert into ${quoted} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::${quoted}, $1::json)`,
            [`[${rows.map((r) => r.row).join(',')}]`],
          );
          copied[table] += rows.length;
          if (rows.length < BATCH_ROWS) break;
        }
      }
      // Serial and identity columns continue after the copied ids.
      const sequences = await client.query<{ table_name: string; column_name: string; sequence: string }>(
        `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) as sequence
           from information_schema.columns where table_schema = $1 and pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) is not null`,
        [service],
      );
      for (const { table_name, column_name, sequence } of sequences.rows) {
        await client.query(
          `select setval($1, coalesce((select max(${client.escapeIdentifier(column_name)}) from ${client.escapeIdentifier(table_name)}), 0) + 1, false)`,
          [sequence],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
    return copied;
  } finally {
    await source.close();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const [service, folder] = process.argv.slice(2);
  const url = process.env.IMPORT_DATABASE_URL;
  if (!service || !(SERVICES as readonly string[]).includes(service) || !folder || !url) {
    process.stderr.write('usage: IMPORT_DATABASE_URL=postgresql://... node infra/local/import-pglite.ts <service> <pglite folder>\n');
    process.exit(64);
  }
  try {
    const copied = await importPgliteFolder(service as ServiceName, folder, url);
    process.stdout.write(`${JSON.stringify({ copied })}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
