import { sql, type Kysely } from 'kysely';
import type { DatabaseKind, ReaderDay } from '@keisha/service-kit';
import type { DecoderDatabase } from '../database.ts';
import { groupCommit } from './group-commit.ts';
import type { Counter, HistoryEntry } from './usage-rows.ts';

export type { Counter, HistoryEntry } from './usage-rows.ts';

class LimitReached extends Error {}

/** UTC days a guest's counters and stored day are kept after their day (forgetGuestDays). */
export const GUEST_DAYS_KEPT = 3;

/** The counters of a request, from each subject's day. */
export function countersOf(days: Map<string, ReaderDay>): Counter[] {
  return [...days].map(([subject, { day }]) => ({ subject, day }));
}

/** When every counter of the request has started afresh: the latest end among the subjects' days. */
export function resetsAtOf(days: Map<string, ReaderDay>): Date {
  return new Date(Math.max(...[...days.values()].map((d) => d.endsAt.getTime())));
}

function ordered(counters: Counter[]): Counter[] {
  const unique = new Map(counters.map((c) => [c.subject, c]));
  return [...unique.values()].sort((a, b) => (a.subject < b.subject ? -1 : a.subject > b.subject ? 1 : 0));
}

/** One use from one counter while it is below the limit: the new count, or undefined when it was full. */
async function takeOne(db: Kysely<DecoderDatabase>, { subject, day }: Counter, limit: number | null): Promise<number | undefined> {
  if (limit !== null && limit <= 0) return undefined; // the insert of a first use would not look at the limit
  const row = await db
    .insertInto('usage_counters')
    .values({ subject, day, used: 1 })
    .onConflict((oc) => {
      const update = oc.columns(['subject', 'day']).doUpdateSet({ used: sql`usage_counters.used + 1` });
      return limit === null ? update : update.where('usage_counters.used', '<', limit);
    })
    .returning('used')
    .executeTakeFirst();
  return !row || (limit !== null && row.used > limit) ? undefined : row.used;
}

export function usageRepository(db: Kysely<DecoderDatabase>, kind: DatabaseKind = 'pglite') {
  const record = groupCommit(db, { binaryArrays: kind === 'postgres' });
  return {
    /**
     * Takes one use from every counter at once, or from none: each counter goes up only while it is
     * below the limit (one atomic statement per counter), and if any counter is full the transaction
     * rolls back. Subjects are locked in a fixed order, so two requests cannot deadlock.
     * Returns the new counts, or undefined when the limit was reached.
     */
    async reserve(counters: Counter[], limit: number | null): Promise<number[] | undefined> {
      const subjects = ordered(counters);
      if (subjects.length === 1) {
        // One counter (an account): its one statement is atomic on its own, and a transaction around it
        // would only add two round trips.
        const used = await takeOne(db, subjects[0]!, limit);
        return used === undefined ? undefined : [used];
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const counts: number[] = [];
          for (const counter of subjects) {
            const used = await takeOne(trx, counter, limit);
            if (used === undefined) throw new LimitReached();
            counts.push(used);
          }
          return counts;
        });
      } catch (error) {
        if (error instanceof LimitReached) return undefined;
        throw error;
      }
    },

    /**
     * Takes one use from an account's counter and keeps the analysis in its history: both happen or
     * neither does. Returns the new count, or undefined when the limit was reached (and nothing was
     * stored). Concurrent calls are written together (group commit, see group-commit.ts): one statement and
     * one commit for all the requests that arrived while the previous one was being written.
     */
    takeAndRecord(counter: Counter, limit: number | null, entry: HistoryEntry): Promise<number | undefined> {
      return record({ counter, limit, entry });
    },

    /** Gives a use back (the analysis failed after it was reserved). */
    /** Gives one use back to each counter, all or none (a give-back tried again never gives one twice). */
    async release(counters: Counter[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const { subject, day } of ordered(counters)) {
          await trx
            .updateTable('usage_counters')
            .set({ used: sql`used - 1` })
            .where('subject', '=', subject)
            .where('day', '=', day)
            .where('used', '>', 0)
            .execute();
        }
      });
    },

    /** The highest count among the counters (a guest is as used up as their most used subject). */
    async current(counters: Counter[]): Promise<number> {
      if (counters.length === 0) return 0;
      const row = await db
        .selectFrom('usage_counters')
        .select((eb) => eb.fn.max('used').as('used'))
        .where((eb) => eb.or(ordered(counters).map(({ subject, day }) => eb.and([eb('subject', '=', subject), eb('day', '=', day)]))))
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },

    /**
     * Deletes guests' counters (`ip:`, `device:`) of days before `GUEST_DAYS_KEPT` UTC days ago, and the stored day
     * of guests whose day ended that long ago, up to `limit` rows of each; how many of each it deleted. A reader's
     * own counters (`user:`) stay: they are their usage history, in their data download.
     * Why three days: a local date is at most a day behind UTC's, so no guest can be on a deleted counter's day
     * again, and a guest whose stored day is deleted starts a new day no earlier than a day behind UTC's, whose
     * counter is kept. Rows are picked by their partial index and deleted by `ctid`, one statement each.
     */
    async forgetGuestDays(limit: number): Promise<{ counters: number; days: number }> {
      const counters = await sql`
        delete from usage_counters where ctid = any(array(
          select ctid from usage_counters
          where subject not like 'user:%' and day < (now() at time zone 'utc')::date - ${GUEST_DAYS_KEPT}::int
          limit ${limit}))`.execute(db);
      const days = await sql`
        delete from reader_days where ctid = any(array(
          select ctid from reader_days
          where subject not like 'user:%' and ends_at < now() - make_interval(days => ${GUEST_DAYS_KEPT}::int)
          limit ${limit}))`.execute(db);
      return { counters: Number(counters.numAffectedRows ?? 0), days: Number(days.numAffectedRows ?? 0) };
    },

    /** Each account's count on its current day (admin console): readers count by their own day. */
    async forUsers(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('usage_counters as c')
        .innerJoin('reader_days as d', (join) => join.onRef('d.subject', '=', 'c.subject').onRef('d.day', '=', 'c.day'))
        .select(['c.subject', 'c.used'])
        .where('c.subject', 'in', userIds.map((id) => `user:${id}`))
        .where('d.ends_at', '>', sql<Date>`now()`)
        .execute();
      return new Map(rows.map((row) => [row.subject.slice('user:'.length), row.used]));
    },
  };
}
export type UsageRepository = ReturnType<typeof usageRepository>;
