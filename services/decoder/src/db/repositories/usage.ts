import { sql, type Kysely } from 'kysely';
import type { DecoderDatabase } from '../database.ts';

class LimitReached extends Error {}

export function usageRepository(db: Kysely<DecoderDatabase>) {
  return {
    /**
     * Takes one use from every subject at once, or from none: each counter goes up only while it is
     * below the limit (one atomic statement per counter), and if any counter is full the transaction
     * rolls back. Subjects are locked in a fixed order, so two requests cannot deadlock.
     * Returns the new counts, or undefined when the limit was reached.
     */
    async reserve(subjects: string[], day: string, limit: number | null): Promise<number[] | undefined> {
      const ordered = [...new Set(subjects)].sort();
      try {
        return await db.transaction().execute(async (trx) => {
          const counts: number[] = [];
          for (const subject of ordered) {
            const row = await trx
              .insertInto('usage_counters')
              .values({ subject, day, used: 1 })
              .onConflict((oc) => {
                const update = oc.columns(['subject', 'day']).doUpdateSet({ used: sql`usage_counters.used + 1` });
                return limit === null ? update : update.where('usage_counters.used', '<', limit);
              })
              .returning('used')
              .executeTakeFirst();
            if (!row || (limit !== null && row.used > limit)) throw new LimitReached();
            counts.push(row.used);
          }
          return counts;
        });
      } catch (error) {
        if (error instanceof LimitReached) return undefined;
        throw error;
      }
    },

    /** Gives a use back (the analysis failed after it was reserved). */
    async release(subjects: string[], day: string): Promise<void> {
      await db
        .updateTable('usage_counters')
        .set({ used: sql`used - 1` })
        .where('subject', 'in', [...new Set(subjects)])
        .where('day', '=', day)
        .where('used', '>', 0)
        .execute();
    },

    /** The highest count among the subjects today (a guest is as used up as their most used subject). */
    async current(subjects: string[], day: string): Promise<number> {
      const row = await db
        .selectFrom('usage_counters')
        .select((eb) => eb.fn.max('used').as('used'))
        .where('subject', 'in', [...new Set(subjects)])
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.used ?? 0);
    },

    /** Today's counts for several users (admin console). */
    async forUsers(userIds: string[], day: string): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('usage_counters')
        .select(['subject', 'used'])
        .where('subject', 'in', userIds.map((id) => `user:${id}`))
        .where('day', '=', day)
        .execute();
      return new Map(rows.map((row) => [row.subject.slice('user:'.length), row.used]));
    },
  };
}
export type UsageRepository = ReturnType<typeof usageRepository>;
