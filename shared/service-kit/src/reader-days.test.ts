// The stored reader days under concurrency, on PGlite and PostgreSQL: concurrent requests of new readers
// share one select and one insert, and two first requests of one reader from two zones (in one batch,
// or in two service instances) agree on one day.
import { randomUUID } from 'node:crypto';
import type { Kysely, KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createReaderDaysTable, readerDaysRepository } from './reader-days.ts';
import { databaseForSuite, databaseTargets } from './testing/index.ts';

const migrations = { '0001_reader_days': { up: createReaderDaysTable } };

/** Counts the statements a Kysely instance runs, by kind. */
function counted(db: Kysely<any>) {
  const statements = { select: 0, insert: 0, update: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode') statements.select++;
      if (node.kind === 'InsertQueryNode') statements.insert++;
      if (node.kind === 'UpdateQueryNode') statements.update++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}

// 10:00 UTC: the 25th in Tokyo (UTC+9, until 15:00 UTC) and in London, the 25th in Los Angeles too.
const NOW = new Date('2026-11-25T10:00:00Z');

describe.each(await databaseTargets())('reader days on $kind', (target) => {
  const database = databaseForSuite<any>(target, migrations);

  const storedDays = async () => Object.fromEntries((await database.db.selectFrom('reader_days').select(['subject', 'time_zone']).execute()).map((row: { subject: string; time_zone: string }) => [row.subject, row.time_zone]));

  it('stores the first days of 60 new readers asking at once in one select and one insert', async () => {
    const { db, statements } = counted(database.db);
    const readerDays = readerDaysRepository(db);
    const readers = Array.from({ length: 60 }, () => randomUUID());
    const zones = ['Asia/Tokyo', 'America/Los_Angeles', 'Europe/London'];
    const answers = await Promise.all(readers.map((reader, i) => readerDays.resolve([reader], zones[i % 3]!, NOW)));

    answers.forEach((answer, i) => expect(answer.get(readers[i]!)).toMatchObject({ timeZone: zones[i % 3], day: '2026-11-25' }));
    expect(statements).toEqual({ select: 1, insert: 1, update: 0 });
    const stored = await storedDays();
    readers.forEach((reader, i) => expect(stored[reader]).toBe(zones[i % 3]));

    // Known now: the same readers' next requests ask nothing.
    await Promise.all(readers.map((reader) => readerDays.resolve([reader], 'Pacific/Kiritimati', NOW)));
    expect(statements).toEqual({ select: 1, insert: 1, update: 0 });
  });

  it('gives two first requests of one reader from two zones, in one batch, the day of the first', async () => {
    const readerDays = readerDaysRepository(database.db);
    const reader = randomUUID();
    const [tokyo, losAngeles] = await Promise.all([readerDays.resolve([reader], 'Asia/Tokyo', NOW), readerDays.resolve([reader], 'America/Los_Angeles', NOW)]);
    expect(tokyo.get(reader)).toEqual(losAngeles.get(reader));
    expect(tokyo.get(reader)).toMatchObject({ timeZone: 'Asia/Tokyo', day: '2026-11-25' });
    expect(await storedDays()).toEqual({ [reader]: 'Asia/Tokyo' });
  });

  it('makes two service instances agree on one day for readers whose first requests race', async () => {
    const one = readerDaysRepository(database.db);
    const two = readerDaysRepository(database.db);
    const readers = Array.from({ length: 20 }, () => randomUUID());
    const [fromOne, fromTwo] = await Promise.all([
      Promise.all(readers.map((reader) => one.resolve([reader], 'Asia/Tokyo', NOW))),
      Promise.all(readers.map((reader) => two.resolve([reader], 'America/Los_Angeles', NOW))),
    ]);
    const stored = await storedDays();
    readers.forEach((reader, i) => {
      expect(fromOne[i]!.get(reader)).toEqual(fromTwo[i]!.get(reader));
      expect(fromOne[i]!.get(reader)!.timeZone).toBe(stored[reader]);
    });
  });
});
