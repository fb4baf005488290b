// The guest sweep on both databases: guests' daily counters (`ip:`, `device:`) of days more than GUEST_DAYS_KEPT UTC
// days ago, and guests' stored days that ended that long ago, are deleted in batches; readers' own counters and days
// stay, and so do a guest's recent ones, so a guest who used up today's analyses is still refused after a sweep.
// The statements find their rows through the partial indexes (the plan names them), and a running decoder sweeps by
// itself.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { databaseTargets, planOf, recordingQueries } from '@keisha/service-kit/testing';
import type { DecoderDatabase } from '../src/db/database.ts';
import { GUEST_DAYS_KEPT } from '../src/db/repositories/usage.ts';
import { createGuestSweep } from '../src/plugins/guest-sweep.ts';
import { startDecoder } from './helpers.ts';

const targets = await databaseTargets();
const DAY = 24 * 60 * 60 * 1000;
const ARTICLE = 'Officials said the council approved the budget on Tuesday after a long debate about the new library.';
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const ago = (ms: number) => new Date(Date.now() - ms);

describe.each(targets)('guest sweep on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startDecoder>>;
  const db = () => ctx.database.db as Kysely<DecoderDatabase>;
  beforeAll(async () => {
    ctx = await startDecoder(target, { GUEST_SWEEP_ENABLED: 'false' });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.destroy();
  });
  beforeEach(async () => {
    await db().deleteFrom('usage_counters').execute();
    await db().deleteFrom('reader_days').execute();
  });

  const counters = async () => (await db().selectFrom('usage_counters').select(['subject', sql<string>`day::text`.as('day')]).orderBy('subject').orderBy('day').execute()).map((r) => `${r.subject} ${r.day}`);
  const days = async () => (await db().selectFrom('reader_days').select('subject').orderBy('subject').execute()).map((r) => r.subject);
  async function seed() {
    const past = -(GUEST_DAYS_KEPT + 1);
    await db()
      .insertInto('usage_counters')
      .values([
        { subject: 'ip:198.51.100.1', day: utcDay(past), used: 3 },
        { subject: 'device:gone', day: utcDay(past - 3), used: 2 },
        { subject: 'ip:198.51.100.1', day: utcDay(-GUEST_DAYS_KEPT), used: 1 }, // the oldest day a zone could still be near
        { subject: 'ip:198.51.100.1', day: utcDay(-1), used: 2 },
        { subject: 'user:00000000-0000-4000-8000-000000000001', day: utcDay(-400), used: 5 }, // a reader's history
      ])
      .execute();
    const day = (subject: string, endedMsAgo: number) => ({ subject, time_zone: 'UTC', day: utcDay(-Math.ceil(endedMsAgo / DAY) - 1), ends_at: ago(endedMsAgo) });
    await db()
      .insertInto('reader_days')
      .values([
        day('ip:198.51.100.2', (GUEST_DAYS_KEPT + 1) * DAY),
        day('device:gone', (GUEST_DAYS_KEPT + 5) * DAY),
        day('device:recent', (GUEST_DAYS_KEPT - 1) * DAY),
        day('user:00000000-0000-4000-8000-000000000001', 400 * DAY),
      ])
      .execute();
  }

  it('deletes guests’ past counters and ended days in batches, and keeps readers’ and recent ones', async () => {
    await seed();
    const first = await createGuestSweep(db(), { batch: 1, maxBatches: 1 })();
    expect(first).toEqual({ counters: 1, days: 1 }); // one of each a batch: the rest waits for the next run
    expect(await createGuestSweep(db(), { batch: 1, maxBatches: 5 })()).toEqual({ counters: 1, days: 1 });
    expect(await createGuestSweep(db())()).toEqual({ counters: 0, days: 0 });
    expect(await counters()).toEqual([
      `ip:198.51.100.1 ${utcDay(-GUEST_DAYS_KEPT)}`,
      `ip:198.51.100.1 ${utcDay(-1)}`,
      `user:00000000-0000-4000-8000-000000000001 ${utcDay(-400)}`,
    ]);
    expect(await days()).toEqual(['device:recent', 'user:00000000-0000-4000-8000-000000000001']);
  });

  it('still refuses a guest who used up today’s analyses after a sweep, from any time zone', async () => {
    const analyze = (zone: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/bias-analysis', payload: { text: ARTICLE, time_zone: zone }, headers: { 'x-forwarded-for': '203.0.113.61' } });
    for (let i = 0; i < 3; i++) expect((await analyze('Pacific/Kiritimati')).statusCode).toBe(200);
    await createGuestSweep(db())();
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'UTC']) expect((await analyze(zone)).statusCode).toBe(429);
  });

  it('finds what is due through the partial indexes', async () => {
    const { db: watched, seen } = recordingQueries(db());
    await createGuestSweep(watched)();
    const statement = (table: string) => seen.find((q) => q.sql.includes(`delete from ${table}`)) ?? expect.fail(`no delete from ${table}`);
    expect(await planOf(db(), statement('usage_counters'))).toMatch(/\busage_counters_guest_day\b/);
    expect(await planOf(db(), statement('reader_days'))).toMatch(/\breader_days_guest_ends\b/);
  });

  it('runs by itself in a running decoder', async () => {
    const running = await startDecoder(target, { GUEST_SWEEP_INTERVAL_MS: '100' });
    try {
      const own = running.database.db as Kysely<DecoderDatabase>;
      await own.insertInto('usage_counters').values({ subject: 'device:stale', day: utcDay(-(GUEST_DAYS_KEPT + 2)), used: 1 }).execute();
      const deadline = Date.now() + 10_000;
      while ((await own.selectFrom('usage_counters').select('subject').where('subject', '=', 'device:stale').execute()).length > 0) {
        if (Date.now() > deadline) throw new Error('the running decoder did not sweep the stale guest counter');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await running.app.close();
      await running.database.destroy();
    }
  });
});
