import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase } from '../database.ts';

export interface CountedRequest {
  /** Requests of this subject in its current window, this one included. */
  used: number;
  windowStartedAt: Date;
}

export function linkRequestsRepository(db: Kysely<IdentityDatabase>) {
  return {
    /**
     * Counts one request of `subject` in a window of `windowMs`, starting a new window when the old one has
     * ended: one statement, so concurrent requests (and replicas) each get their own count.
     */
    async count(subject: string, windowMs: number): Promise<CountedRequest> {
      const windowSeconds = Math.ceil(windowMs / 1000);
      const expired = sql<boolean>`link_request_counts.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
      const row = await db
        .insertInto('link_request_counts')
        .values({ subject, window_started_at: sql`now()`, used: 1 })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            used: sql`case when ${expired} then 1 else link_request_counts.used + 1 end`,
            window_started_at: sql`case when ${expired} then now() else link_request_counts.window_started_at end`,
          }),
        )
        .returning(['used', 'window_started_at'])
        .executeTakeFirstOrThrow();
      return { used: row.used, windowStartedAt: new Date(row.window_started_at) };
    },
    /** Windows that started a day ago are never read again: deletes up to `limit` of them; how many it deleted. */
    async forgetOld(limit: number): Promise<number> {
      const result = await db
        .deleteFrom('link_request_counts')
        .where('subject', 'in', (eb) =>
          eb.selectFrom('link_request_counts as old').select('old.subject').where('old.window_started_at', '<', sql<Date>`now() - interval '1 day'`).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
