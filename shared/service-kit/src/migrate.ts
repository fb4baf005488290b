import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/** Migrations listed in code, named by timestamp, so the same list runs on PGlite and PostgreSQL. */
export type MigrationSet = Record<string, Migration>;

function staticMigrationProvider(migrations: MigrationSet): MigrationProvider {
  return { getMigrations: async () => migrations };
}

export async function migrateToLatest(db: Kysely<any>, migrations: MigrationSet): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticMigrationProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
