import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountLinkPurpose, AccountLinkRow, IdentityDatabase } from '../database.ts';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

export function accountLinksRepository(db: Kysely<IdentityDatabase>) {
  return {
    async create(
      link: { token_hash: string; purpose: AccountLinkPurpose; user_id: string; email: string; new_email?: string | null; expires_at: Date },
      trx: Db = db,
    ): Promise<void> {
      await trx.insertInto('account_links').values({ ...link, new_email: link.new_email ?? null }).execute();
    },
    /** The link, locked for the rest of the transaction so two uses of one link cannot both pass. */
    findForUpdate(tokenHash: string, purpose: AccountLinkPurpose, trx: Transaction<IdentityDatabase>): Promise<AccountLinkRow | undefined> {
      return trx.selectFrom('account_links').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).forUpdate().executeTakeFirst();
    },
    find(tokenHash: string, purpose: AccountLinkPurpose): Promise<AccountLinkRow | undefined> {
      return db.selectFrom('account_links').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
    },
    /** Uses up every open link of this purpose of the account (the one just used, and any older one). */
    async useAll(userId: string, purpose: AccountLinkPurpose, trx: Db = db): Promise<void> {
      await trx
        .updateTable('account_links')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
    /**
     * Deletes every open link of the account, whatever its purpose. After a password reset or change, or a sign-out
     * everywhere, a link mailed before it (to change the address, to sign in) may be in the hands of whoever the
     * owner is locking out; it must not outlive the lock. Opened later, such a link is not valid ("use the latest
     * link we sent you"). Used links stay, so a second click on the one just used still says it was used.
     */
    async cancelEveryOpen(userId: string, trx: Db = db): Promise<void> {
      await trx.deleteFrom('account_links').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },
    /** Links that expired a day ago are never read again: deletes up to `limit` of them; how many it deleted. */
    async forgetOld(limit: number): Promise<number> {
      const result = await db
        .deleteFrom('account_links')
        .where('token_hash', 'in', (eb) =>
          eb.selectFrom('account_links as old').select('old.token_hash').where('old.expires_at', '<', sql<Date>`now() - interval '1 day'`).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AccountLinksRepository = ReturnType<typeof accountLinksRepository>;
