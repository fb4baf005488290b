import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/** Migrations listed in code, named by timestamp, so the same list runs on PGlite and PostgreSQL. */
export type MigrationSet = Record<string, Migration>;

function staticMigrationProvider(migrations: MigrationSet): MigrationProvider {
  return { getMigrations: async () => migrations };
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
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
