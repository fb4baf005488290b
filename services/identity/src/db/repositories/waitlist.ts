import type { Kysely, Transaction } from 'kysely';
import { normalizeEmailAddress } from '../../domain/email.ts';
import type { IdentityDatabase } from '../database.ts';

export type JoinResult = { status: 'joined'; id: string } | { status: 'duplicate' };

export function waitlistRepository(db: Kysely<IdentityDatabase>) {
  return {
    /** Adds an address once, in its stored form (a full-width twin is the same address). A concurrent second join of the same address sees 'duplicate'. */
    async join(email: string, trx?: Transaction<IdentityDatabase>): Promise<JoinResult> {
      const row = await (trx ?? db)
        .insertInto('waitlist')
        .values({ email: normalizeEmailAddress(email) })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? { status: 'joined', id: row.id } : { status: 'duplicate' };
    },
  };
}
export type WaitlistRepository = ReturnType<typeof waitlistRepository>;
