import { sql, type Kysely, type Transaction } from 'kysely';
import { normalizeEmailAddress } from '../../domain/email.ts';
import type { IdentityDatabase } from '../database.ts';

/** The address's row, new or not: a join tells its caller nothing about who else is on the list. */
export type JoinResult = { id: string; alreadyListed: boolean };

export function waitlistRepository(db: Kysely<IdentityDatabase>) {
  return {
    /**
     * Adds an address once, in its stored form (a full-width twin is the same address). A second join,
     * concurrent or not, gets the first one's row back in the same statement (the no-op update is what
     * returns it); `xmax` is 0 only on a row this statement inserted.
     */
    async join(email: string, trx?: Transaction<IdentityDatabase>): Promise<JoinResult> {
      const row = await (trx ?? db)
        .insertInto('waitlist')
        .values({ email: normalizeEmailAddress(email) })
        .onConflict((oc) => oc.column('email').doUpdateSet({ email: (eb) => eb.ref('excluded.email') }))
        .returning(['id', sql<boolean>`xmax <> 0`.as('already_listed')])
        .executeTakeFirstOrThrow();
      return { id: row.id, alreadyListed: row.already_listed };
    },
  };
}
export type WaitlistRepository = ReturnType<typeof waitlistRepository>;
