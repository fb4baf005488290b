// The test database one describe block works on: opened (migrated) before its first test, emptied before each
// test unless asked not to, destroyed after its last. Only for test files (it registers vitest hooks).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseKind } from '../db.ts';
import type { MigrationSet } from '../migrate.ts';
import { openTestDatabase, type TestDatabase } from './databases.ts';

/**
 * Registers the hooks and returns the handle the tests read: empty while the block is collected, filled before
 * the first test runs (hooks the block registers after this call see it filled). A database that failed to open is
 * not destroyed.
 */
export function databaseForSuite<DB>(
  target: { kind: DatabaseKind; url?: string },
  migrations: MigrationSet,
  { emptyBeforeEach = true }: { emptyBeforeEach?: boolean } = {},
): TestDatabase<DB> {
  const database = {} as TestDatabase<DB>;
  beforeAll(async () => {
    Object.assign(database, await openTestDatabase<DB>(target, migrations));
  });
  afterAll(async () => {
    if ('destroy' in database) await database.destroy();
  });
  if (emptyBeforeEach) {
    beforeEach(async () => {
      await database.truncateAll();
    });
  }
  return database;
}
