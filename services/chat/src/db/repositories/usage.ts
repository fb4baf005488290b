import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatDatabase } from '../database.ts';

type Executor = Kysely<ChatDatabase> | Transaction<ChatDatabase>;

/** The daily message counter: one row per account per local day. */
export function usageRepository(db: Kysely<ChatDatabase>) {
  return {
    /**
     * Takes one message from today's allowance in one statement: the counter goes up only while it
     * is below the limit (null: no limit), so concurrent sends cannot overdraw it.
     * Returns the new count, or undefined when the limit was already reached.
     */
    async reserve(userId: string, day: string, limit: number | null, trx: Executor = db): Promise<number | undefined> {
      // A limit of 0 (an unknown plan): the insert of a first message would not look at the limit.
      if (limit !== null && limit <= 0) return undefined;
      const row = await trx
        .insertInto('chat_usage_counters')
        .values({ user_id: userId, day, used: 1 })
        .onConflict((oc) => {
          const update = oc.columns(['user_id', 'day']).doUpdateSet({ used: sql`chat_usage_counters.used + 1` });
          return limit === null ? update : update.where('chat_usage_counters.used', '<', limit);
        })
        .returning('used')
        .executeTakeFirst();
      return row?.used;
    },

    async current(userId: string, day: string): Promise<number> {
      const row = await db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
      return row?.used ?? 0;
    },

    /** Each account's count on its current day (admin console): people count by their own day. */
    async forUsers(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('chat_usage_counters as c')
        .innerJoin('reader_days as d', (join) => join.on('d.subject', '=', sql<string>`c.user_id::text`).onRef('d.day', '=', 'c.day'))
        .select(['c.user_id', 'c.used'])
        .where('c.user_id', 'in', userIds)
        .where('d.ends_at', '>', sql<Date>`now()`)
        .execute();
      return new Map(rows.map((row) => [row.user_id, row.used]));
    },
  };
}
export type UsageRepository = ReturnType<typeof usageRepository>;
