// Accounts made before addresses were confirmed by link keep what they had: the migration marks them confirmed,
// and only them. Run on PGlite and on PostgreSQL (in its own schema), from the migrations before it.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, migrateToLatest } from '@keisha/service-kit';
import { databaseTargets } from '@keisha/service-kit/testing';
import { migrations } from '../src/db/migrations/index.ts';

const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026112705'));

describe.each(await databaseTargets())('confirming the accounts made before links, on $kind', (target) => {
  it('confirms the old accounts and the administrators, not an account still waiting for its link', async () => {
    const schema = target.kind === 'postgres' ? `t_confirm_${randomBytes(4).toString('hex')}` : undefined;
    const handle = target.kind === 'postgres' ? await openDatabase({ url: target.url, schema }) : await openDatabase({ pglite: await PGlite.create('memory://') });
    const db = handle.db as Kysely<any>;
    try {
      await migrateToLatest(db, before, schema);
      const insert = (email: string, role: string, createdAt: string | null) =>
        db
          .insertInto('users')
          .values({ email, password_hash: 'x', role, ...(createdAt ? { created_at: createdAt } : {}) })
          .returning('id')
          .executeTakeFirstOrThrow();
      await insert('old@example.org', 'user', '2026-11-20T10:00:00Z');
      await insert('waiting@example.org', 'user', null); // signed up after links existed: has a link to open
      await insert('admin@example.org', 'admin', null);

      await migrateToLatest(db, migrations, schema);
      const rows = await db.selectFrom('users').select(['email', 'email_verified_at', 'created_at']).orderBy('email').execute();
      const confirmed = Object.fromEntries(rows.map((r) => [r.email, r.email_verified_at !== null]));
      expect(confirmed).toEqual({ 'admin@example.org': true, 'old@example.org': true, 'waiting@example.org': false });
      const old = rows.find((r) => r.email === 'old@example.org')!;
      expect(new Date(old.email_verified_at).getTime()).toBe(new Date(old.created_at).getTime());
    } finally {
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(db);
      await handle.close();
    }
  }, 120_000);
});
