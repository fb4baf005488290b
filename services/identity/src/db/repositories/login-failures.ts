import { sql, type Kysely } from 'kysely';
import type { IdentityDatabase } from '../database.ts';

export function loginFailuresRepository(db: Kysely<IdentityDatabase>) {
  return {
    find(subject: string) {
      return db.selectFrom('login_failures').select(['window_started_at', 'failures']).where('subject', '=', subject).executeTakeFirst();
    },
    /** Counts one failure atomically, starting a new window when the old one has ended; the window as it is now. */
    async record(subject: string, windowMs: number): Promise<{ window_started_at: Date; failures: number }> {
      const windowSeconds = Math.ceil(windowMs / 1000);
      const row = await db
        .insertInto('login_failures')
        .values({ subject, window_started_at: sql`now()`, failures: 1 })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            failures: sql`case when login_failures.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else login_failures.failures + 1 end`,
            window_started_at: sql`case when login_failures.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else login_failures.window_started_at end`,
          }),
        )
        .returning(['window_started_at', 'failures'])
        .executeTakeFirstOrThrow();
      return { window_started_at: new Date(row.window_started_at), failures: row.failures };
    },
    async clear(subject: string): Promise<void> {
      await db.deleteFrom('login_failures').where('subject', '=', subject).execute();
    },
    /**
     * Every failure counted against an account, from every address (an administrator's unlock, a reset). The pairs
     * are found by their prefix with LIKE, which the `text_pattern_ops` index serves; a `%`, `_` or backslash in
     * the address is escaped so it matches only itself.
     */
    async clearAccount(email: string): Promise<void> {
      const prefix = `pair:${email}|`.replace(/[\\%_]/g, (c) => `\\${c}`);
      await db
        .deleteFrom('login_failures')
        .where((eb) => eb.or([eb('subject', '=', `account:${email}`), eb('subject', 'like', `${prefix}%`)]))
        .execute();
    },
    /**
     * Windows that ended at least `keepMs` ago: a window past its end counts as no failures (the next failure starts
     * a new one), so its row is never read again. Deletes up to `limit` of them; how many it deleted.
     */
    async forgetEnded(keepMs: number, limit: number): Promise<number> {
      const keepSeconds = Math.ceil(keepMs / 1000);
      const result = await db
        .deleteFrom('login_failures')
        .where('subject', 'in', (eb) =>
          eb
            .selectFrom('login_failures as old')
            .select('old.subject')
            .where('old.window_started_at', '<', sql<Date>`now() - make_interval(secs => ${keepSeconds})`)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async isKnownAddress(email: string, address: string): Promise<boolean> {
      const row = await db.selectFrom('login_known_addresses').select('email').where('email', '=', email).where('address', '=', address).executeTakeFirst();
      return row !== undefined;
    },
    async rememberAddress(email: string, address: string): Promise<void> {
      await db
        .insertInto('login_known_addresses')
        .values({ email, address })
        .onConflict((oc) => oc.columns(['email', 'address']).doUpdateSet({ last_success_at: sql`now()` }))
        .execute();
    },
  };
}
