// Replicas starting together on an empty database share one first signing key: each made its own before, and the
// replicas refused each other's tokens. Run on PGlite and on PostgreSQL (where the starts really overlap).
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '@keisha/service-kit/testing';
import type { IdentityDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { loadKeyRing } from '../src/plugins/signing-keys.ts';

describe.each(await databaseTargets())('the first signing key, on $kind', (target) => {
  it('is one key for every instance that starts at the same moment', async () => {
    const database = await openTestDatabase<IdentityDatabase>(target, migrations);
    try {
      const db = database.db as Kysely<IdentityDatabase>;
      const rings = await Promise.all(Array.from({ length: 8 }, () => loadKeyRing(db)));
      expect(new Set(rings.map((ring) => ring.current.kid)).size).toBe(1);
      expect(await db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(1);
      // A later start reads the same key.
      expect((await loadKeyRing(db)).current.kid).toBe(rings[0]!.current.kid);
    } finally {
      await database.destroy();
    }
  }, 60_000);
});
