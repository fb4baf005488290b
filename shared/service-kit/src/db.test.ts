import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, preparedStatement, queryColumns } from './db.ts';
import { databaseTargets } from './testing/index.ts';

const postgresTargets = (await databaseTargets()).filter((target) => target.kind === 'postgres');

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const DOUBLED = preparedStatement('select $1::int * 2 as doubled');

describe('openDatabase on PGlite', () => {
  it('answers in memory', async () => {
    const handle = await openDatabase({});
    expect(handle.kind).toBe('pglite');
    await handle.ping();
    await handle.close();
  });

  it('runs a prepared statement as an ordinary one', async () => {
    const handle = await openDatabase({});
    const { rows } = await handle.db.executeQuery<{ doubled: number }>(CompiledQuery.raw(DOUBLED, [21]));
    expect(rows).toEqual([{ doubled: 42 }]);
    await handle.close();
  });

  it('sends a batch as one array per column, in order, with the parameters after them', async () => {
    const handle = await openDatabase({});
    const batch = [{ name: 'a', n: 1 }, { name: 'b', n: 2 }];
    const statement = 'select r.name, r.n * $3::int as n, r.ord::int from unnest($1::text[], $2::int[]) with ordinality as r(name, n, ord) order by r.ord';
    const rows = await queryColumns(handle.db, statement, batch, [(row) => row.name, (row, i) => row.n + i], [10]);
    expect(rows).toEqual([{ name: 'a', n: 10, ord: 1 }, { name: 'b', n: 30, ord: 2 }]);
    await handle.close();
  });
});

describe.each(postgresTargets)('openDatabase on PostgreSQL', ({ url }) => {
  it('prepares a marked statement once per connection and binds it at every call; others stay unnamed', async () => {
    const handle = await openDatabase({ url, poolSize: 1 }); // one connection: the statements below all meet it
    try {
      for (const value of [1, 2, 3]) {
        const { rows } = await handle.db.executeQuery<{ doubled: number }>(CompiledQuery.raw(DOUBLED, [value]));
        expect(rows).toEqual([{ doubled: value * 2 }]);
      }
      await sql`select ${'an unmarked one'}::text`.execute(handle.db);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db);
      expect(prepared.rows.map((row) => row.statement)).toEqual([DOUBLED]);
      // A bad value fails that call alone; the statement stays usable.
      await expect(handle.db.executeQuery(CompiledQuery.raw(DOUBLED, ['not a number']))).rejects.toThrow(/invalid input syntax/);
      const { rows } = await handle.db.executeQuery<{ doubled: number }>(CompiledQuery.raw(DOUBLED, [5]));
      expect(rows).toEqual([{ doubled: 10 }]);
    } finally {
      await handle.close();
    }
  });

  it('keeps answering after the server ends its pooled connections (as a restart does), and says so', async () => {
    // Our own connections are found by an application name of their own; nobody else's are touched.
    const name = `keisha-db-test-${process.pid}-${Date.now()}`;
    const ours = new URL(url!);
    ours.searchParams.set('application_name', name);
    const lost: Error[] = [];
    const handle = await openDatabase({ url: ours.toString(), onConnectionLost: (error) => lost.push(error) });
    const admin = await openDatabase({ url });
    try {
      await Promise.all([handle.ping(), handle.ping(), handle.ping()]);
      const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = ${name}`.execute(admin.db);
      expect(ended.rows.length).toBeGreaterThan(0);
      await until(() => lost.length === ended.rows.length);
      await handle.ping();

      // A connection ended in the middle of a transaction: the transaction fails, the process lives on.
      const lostBefore = lost.length;
      const inTransaction = handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`.execute(admin.db);
        await until(() => lost.length > lostBefore);
        await sql`select 1`.execute(trx);
      });
      await expect(inTransaction).rejects.toThrow();
      await handle.ping();
    } finally {
      await admin.close();
      await handle.close();
    }
  });
});
