import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/** Migrations listed in code, named by timestamp, so the same list runs on PGlite and PostgreSQL. */
export type MigrationSet = Record<string, Migration>;

function staticMigrationProvider(migrations: MigrationSet): MigrationProvider {
  return { getMigrations: async () => migrations };
}

const OTHER_SCHEMA_RETRIES = 5;

/** PostgreSQL's "schema does not exist" (3F000) about a schema other than ours. */
export function droppedElsewhere(error: unknown, schema: string | undefined): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || e.code !== '3F000' || typeof e.message !== 'string') return false;
  const named = /schema "([^"]+)" does not exist/.exec(e.message)?.[1];
  return named !== undefined && named !== schema;
}

/**
 * `schema` names the PostgreSQL schema the service lives in. Kysely looks for its bookkeeping tables
 * in every schema unless told which, so two services (or two test runs) sharing one database would
 * otherwise see each other's migration history.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: MigrationSet, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: staticMigrationProvider(migrations),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely finds its bookkeeping table by reading the tables of every schema; when another process drops
  // its own schema during that read (test suites on one PostgreSQL do, as they finish), PostgreSQL answers
  // "schema ... does not exist" about that other schema. Nothing was applied then: read again.
  for (let attempt = 1; error && attempt <= OTHER_SCHEMA_RETRIES && droppedElsewhere(error, schema); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
