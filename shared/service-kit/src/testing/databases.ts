// Real databases for service tests: PGlite always, PostgreSQL too when one is reachable.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../db.ts';
import { migrateToLatest, type MigrationSet } from '../migrate.ts';
import { canConnect } from './reachable.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Which databases to run service tests on: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set
 * or a server answers on 127.0.0.1:5432. TEST_DATABASE_URL=none turns PostgreSQL off.
 */
export async function databaseTargets(): Promise<Array<{ kind: DatabaseKind; url?: string }>> {
  const targets: Array<{ kind: DatabaseKind; url?: string }> = [{ kind: 'pglite' }];
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit === 'none') return targets;
  if (explicit) targets.push({ kind: 'postgres', url: explicit });
  else if (await canConnect('127.0.0.1', 5432)) targets.push({ kind: 'postgres', url: DEFAULT_TEST_DATABASE_URL });
  return targets;
}

export interface TestDatabase<DB> extends DatabaseHandle<DB> {
  /** Empties every table of the service (not the migration bookkeeping). */
  truncateAll(): Promise<void>;
  /** Drops what the test created (the PostgreSQL schema) and closes connections. */
  destroy(): Promise<void>;
}

let sharedPglite: Promise<PGlite> | undefined;

/** One migrated database of the given kind. PGlite is created once per test process. */
export async function openTestDatabase<DB>(
  target: { kind: DatabaseKind; url?: string },
  migrations: MigrationSet,
): Promise<TestDatabase<DB>> {
  let handle: DatabaseHandle<DB>;
  let schema: string | undefined;
  if (target.kind === 'postgres') {
    schema = `t_${randomBytes(6).toString('hex')}`;
    handle = await openDatabase<DB>({ url: target.url, schema, poolSize: 20 });
  } else {
    // Tests of one file run one after another and share this instance: the migrator skips what is
    // applied already, and destroy() empties the tables instead of dropping them.
    sharedPglite ??= PGlite.create('memory://');
    handle = await openDatabase<DB>({ pglite: await sharedPglite });
  }
  await migrateToLatest(handle.db as Kysely<any>, migrations, schema);
  const db = handle.db as Kysely<any>;
  const truncateAll = async () => {
    // Only this schema's tables: reading every schema's (Kysely's introspection) fails when another suite
    // drops its schema at that moment.
    const { rows } = await sql<{ name: string }>`select tablename as name from pg_catalog.pg_tables where schemaname = ${schema ?? 'public'}`.execute(db);
    const names = rows
      .map((t) => t.name)
      .filter((name) => !name.startsWith('kysely_migration'))
      .map((name) => `"${name}"`);
    if (names.length > 0) await sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`).execute(db);
  };
  return {
    ...handle,
    truncateAll,
    destroy: async () => {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(db);
      else await truncateAll();
      await handle.close();
    },
  };
}

/** Drops the schemas a benchmark's processes kept their tables in (on a PostgreSQL server; nothing without one). */
export async function dropSchemas(url: string | undefined, schemas: readonly string[]): Promise<void> {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
