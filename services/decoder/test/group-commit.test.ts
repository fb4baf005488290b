// The analysis route's group commit on a real database: the quota stays exact when many requests'
// uses and history entries are written together, and an entry that cannot be stored fails alone.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseTargets, databaseForSuite } from '@keisha/service-kit/testing';
import { migrations } from '../src/db/migrations/index.ts';
import type { DecoderDatabase } from '../src/db/database.ts';
import { CompiledQuery } from 'kysely';
import { batchColumns, groupCommit, recordAll, type Recording } from '../src/db/repositories/group-commit.ts';
import { binaryTextArrays } from '../src/db/repositories/text-arrays.ts';

const targets = await databaseTargets();
const DAY = '2026-11-25';

function recording(userId: string, limit: number | null, result = '{"score":1}'): Recording {
  return {
    counter: { subject: `user:${userId}`, day: DAY },
    limit,
    entry: { user_id: userId, title: `title ${randomUUID()}`, score: 1, term_count: 0, text: 'It\'s a "quoted" \\ text, {with} braces', result: Buffer.from(result) },
  };
}

describe.each(targets)('group commit of uses and history on $kind', (target) => {
  // As the service runs it: the columns go in binary on PostgreSQL, as arrays of strings on PGlite.
  const options = { binaryArrays: target.kind === 'postgres' };
  const database = databaseForSuite<DecoderDatabase>(target, migrations);

  const countersOf = async () =>
    new Map((await database.db.selectFrom('usage_counters').select(['subject', 'used']).execute()).map((row) => [row.subject, row.used]));
  const historyOf = async (userId: string) => database.db.selectFrom('analyses').selectAll().where('user_id', '=', userId).execute();

  it('gives each account exactly its allowance when its requests come in one batch', async () => {
    const limited = [randomUUID(), randomUUID(), randomUUID()];
    const unlimited = [randomUUID(), randomUUID()];
    const batch = [...limited.flatMap((id) => Array.from({ length: 5 }, () => recording(id, 3))), ...unlimited.flatMap((id) => Array.from({ length: 10 }, () => recording(id, null)))];
    const results = await recordAll(database.db, batch, options);
    const counters = await countersOf();
    for (const id of limited) {
      const mine = results.filter((_, i) => batch[i]!.entry.user_id === id);
      expect(mine).toEqual([1, 2, 3, undefined, undefined]);
      expect(counters.get(`user:${id}`)).toBe(3);
      expect(await historyOf(id)).toHaveLength(3);
    }
    for (const id of unlimited) {
      expect(results.filter((_, i) => batch[i]!.entry.user_id === id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(counters.get(`user:${id}`)).toBe(10);
      const rows = await historyOf(id);
      expect(rows).toHaveLength(10);
      expect(rows[0]).toMatchObject({ text: 'It\'s a "quoted" \\ text, {with} braces', score: 1, term_count: 0, result: '{"score":1}' });
      // One statement wrote them all (one transaction, so one now()), not one statement per request.
      expect(new Set(rows.map((row) => row.created_at.getTime())).size).toBe(1);
    }
  });

  it('refuses the requests of a batch that would take a counter past its limit, and only those', async () => {
    const nearlyFull = randomUUID();
    const fresh = randomUUID();
    await database.db.insertInto('usage_counters').values({ subject: `user:${nearlyFull}`, day: DAY, used: 2 }).execute();
    const results = await recordAll(database.db, [recording(nearlyFull, 3), recording(fresh, 3), recording(nearlyFull, 3), recording(fresh, 3)], options);
    expect(results).toEqual([3, 1, undefined, 2]);
    const counters = await countersOf();
    expect(counters.get(`user:${nearlyFull}`)).toBe(3);
    expect(await historyOf(nearlyFull)).toHaveLength(1);
    expect(await historyOf(fresh)).toHaveLength(2);
  });

  it('fails only the entry that cannot be stored, without taking its use', async () => {
    const good = randomUUID();
    const bad = randomUUID();
    // PostgreSQL's text cannot hold a NUL character: that entry cannot be stored.
    const unstorable = recording(bad, 3);
    unstorable.entry.text = 'An article with a \u0000 in it';
    const results = await recordAll(database.db, [recording(good, 3), unstorable, recording(good, 3), recording(bad, null, '{}')], options);
    expect(results[0]).toBe(1);
    expect(results[1]).toBeInstanceOf(Error);
    expect(results[2]).toBe(2);
    expect(results[3]).toBe(1);
    const counters = await countersOf();
    expect(counters.get(`user:${good}`)).toBe(2);
    expect(counters.get(`user:${bad}`)).toBe(1);
    expect(await historyOf(bad)).toHaveLength(1);
  });

  it('takes nothing on a limit of zero', async () => {
    const id = randomUUID();
    expect(await recordAll(database.db, [recording(id, 0), recording(id, 0)], options)).toEqual([undefined, undefined]);
    expect(await countersOf()).toEqual(new Map());
  });

  it('stays exact under many concurrent writers sharing counters, in batches and across two batchers', async () => {
    const accounts = Array.from({ length: 6 }, () => randomUUID());
    // Two batchers stand for two instances of the service writing the same counters at once.
    const batchers = [groupCommit(database.db, { maxBatchSize: 7, ...options }), groupCommit(database.db, { maxBatchSize: 7, ...options })];
    const calls = Array.from({ length: 120 }, (_, i) => {
      // Calls alternate between the batchers, so each account's counter is written by both.
      return batchers[i % 2]!(recording(accounts[i % accounts.length]!, 12));
    });
    const results = await Promise.all(calls);
    const counters = await countersOf();
    for (const [i, id] of accounts.entries()) {
      const mine = results.filter((_, k) => k % accounts.length === i);
      const granted = mine.filter((r) => r !== undefined).sort((a, b) => a! - b!);
      expect(granted).toEqual(Array.from({ length: 12 }, (_, k) => k + 1));
      expect(counters.get(`user:${id}`)).toBe(12);
      expect(await historyOf(id)).toHaveLength(12);
    }
  }, 60_000);
});

// A stalled statement needs a second connection holding a lock: PostgreSQL only (PGlite has one connection).
describe.each(targets.filter((target) => target.kind === 'postgres'))('group commit behind a stalled write on $kind', (target) => {
  const database = databaseForSuite<DecoderDatabase>(target, migrations, { emptyBeforeEach: false });

  it('writes the next batch on its own when the previous one hangs, and the hung one once it can', async () => {
    const stuck = randomUUID();
    const free = randomUUID();
    await database.db.insertInto('usage_counters').values({ subject: `user:${stuck}`, day: DAY, used: 0 }).execute();
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('usage_counters').selectAll().where('subject', '=', `user:${stuck}`).forUpdate().execute();
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const record = groupCommit(database.db, { maxWaitMs: 100, binaryArrays: true });
    let stuckDone = false;
    const first = record(recording(stuck, null)).then((used) => ((stuckDone = true), used));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first batch is on its way, and waits on the lock
    const started = Date.now();
    expect(await record(recording(free, null))).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stuckDone).toBe(false);
    release();
    await holder;
    expect(await first).toBe(1);
  });
});

describe('batchColumns', () => {
  it('puts each request at the same position of every column, numbers and a missing limit as PostgreSQL reads them', () => {
    const batch = [recording('6d1f4c0e-0000-4000-8000-000000000001', 3, '{"a":[1,"x\\"y"]}'), recording('6d1f4c0e-0000-4000-8000-000000000002', null)];
    batch[1]!.entry.score = 87;
    batch[1]!.entry.term_count = 12;
    expect(batchColumns(batch)).toEqual([
      [batch[0]!.counter.subject, batch[1]!.counter.subject],
      [DAY, DAY],
      ['3', null],
      [batch[0]!.entry.user_id, batch[1]!.entry.user_id],
      [batch[0]!.entry.title, batch[1]!.entry.title],
      ['1', '87'],
      ['0', '12'],
      [batch[0]!.entry.text, batch[1]!.entry.text],
      [Buffer.from('{"a":[1,"x\\"y"]}'), Buffer.from('{"score":1}')],
    ]);
  });

  it('refuses a number that is not an integer rather than write it into the text', () => {
    const odd = recording(randomUUID(), 3);
    odd.entry.score = Number.NaN;
    expect(() => batchColumns([odd])).toThrow(/Not an integer/);
    odd.entry.score = 1.5;
    expect(() => batchColumns([odd])).toThrow(/Not an integer/);
  });
});

describe('binaryTextArrays', () => {
  const tricky = ['She said "no" \\ then\nleft \u2019 \u{1F600} {braces}, NULL', '', null, 'NULL', 'x'.repeat(5000), '{}', 'caf\u00e9'];

  it('writes PostgreSQL\'s binary form of a text[]: header, then each element\'s length and UTF-8 bytes', () => {
    const [array] = binaryTextArrays([['a\u2019', null]]);
    expect([...array!]).toEqual([
      ...[0, 0, 0, 1], // one dimension
      ...[0, 0, 0, 1], // has nulls
      ...[0, 0, 0, 25], // of text
      ...[0, 0, 0, 2], // two elements
      ...[0, 0, 0, 1], // from index 1
      ...[0, 0, 0, 4, 0x61, 0xe2, 0x80, 0x99],
      ...[0xff, 0xff, 0xff, 0xff], // null
    ]);
    // Text already encoded goes in as it is.
    const [encoded] = binaryTextArrays([[Buffer.from('\u2019x'), 'y']]);
    expect([...encoded!.subarray(20)]).toEqual([0, 0, 0, 4, 0xe2, 0x80, 0x99, 0x78, 0, 0, 0, 1, 0x79]);
    expect(encoded!.readInt32BE(4)).toBe(0); // no nulls
    const [empty] = binaryTextArrays([[]]);
    expect([...empty!]).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 25, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  describe.each(targets.filter((target) => target.kind === 'postgres'))('read back by $kind', (target) => {
    const database = databaseForSuite<DecoderDatabase>(target, migrations, { emptyBeforeEach: false });

    it('gives back every value exactly, in order, in each of several columns', async () => {
      const reversed = [...tricky].reverse();
      const encoded = tricky.map((value) => (value === null ? null : Buffer.from(value)));
      const { rows } = await database.db.executeQuery<{ a: string | null; b: string | null; c: string | null; n: string }>(
        CompiledQuery.raw('select a, b, c, n::text from unnest($1::text[], $2::text[], $3::text[]) with ordinality as t(a, b, c, n)', binaryTextArrays([tricky, reversed, encoded])),
      );
      expect(rows).toEqual(tricky.map((a, i) => ({ a, b: reversed[i], c: a, n: String(i + 1) })));
    });
  });
});
