import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase } from '../database.ts';

export function signupsRepository(db: Kysely<IdentityDatabase>) {
  return {
    /**
     * Counts one sign-up from `address` today (UTC) unless `limit` were passed: one statement, so two
     * replicas cannot both take the last one. False when today's allowance is spent.
     */
    async take(address: string, limit: number): Promise<boolean> {
      const row = await db
        .insertInto('signups_per_address')
        .values({ address, day: sql<string>`(now() at time zone 'utc')::date`, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['address', 'day'])
            .doUpdateSet({ used: sql<number>`signups_per_address.used + 1` })
            .where('signups_per_address.used', '<', limit),
        )
        .returning('used')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Gives back a count taken for a sign-up that did not happen (the address already had an account). */
    async giveBack(address: string): Promise<void> {
      await db
        .updateTable('signups_per_address')
        .set({ used: sql<number>`greatest(used - 1, 0)` })
        .where('address', '=', address)
        .where('day', '=', sql<string>`(now() at time zone 'utc')::date`)
        .execute();
    },
    /** Yesterday's and older counts are never read again: deletes up to `limit` of them; how many it deleted. */
    async forgetOld(limit: number): Promise<number> {
      const result = await db
        .deleteFrom('signups_per_address')
        .where(
          sql<boolean>`(address, day) in (select address, day from signups_per_address where day < (now() at time zone 'utc')::date limit ${limit})`,
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
