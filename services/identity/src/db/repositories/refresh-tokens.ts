import { sql, type Kysely, type Transaction } from 'kysely';
import type { IdentityDatabase, RefreshTokenRow } from '../database.ts';

type Db = Kysely<IdentityDatabase> | Transaction<IdentityDatabase>;

export function refreshTokensRepository(db: Kysely<IdentityDatabase>) {
  return {
    async insert(
      token: { id: string; family_id: string; user_id: string; token_hash: string; expires_at: Date },
      trx: Db = db,
    ): Promise<void> {
      await trx.insertInto('refresh_tokens').values(token).execute();
    },
    /** The row, locked for the rest of the transaction so two refreshes cannot both rotate it. */
    findForUpdate(id: string, trx: Transaction<IdentityDatabase>): Promise<RefreshTokenRow | undefined> {
      return trx.selectFrom('refresh_tokens').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },
    async markUsed(id: string, trx: Db = db): Promise<void> {
      await trx.updateTable('refresh_tokens').set({ used_at: sql`now()` }).where('id', '=', id).execute();
    },
    async revokeFamily(familyId: string, trx: Db = db): Promise<void> {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql`now()` })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOfUser(userId: string, options: { exceptFamily?: string } = {}, trx: Db = db): Promise<void> {
      let query = trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (options.exceptFamily) query = query.where('family_id', '!=', options.exceptFamily);
      await query.execute();
    },
    /**
     * Deletes the rows of sign-in families whose head expired before `cutoff`, up to `limit` families; how many rows
     * it deleted. The head is a family's one token not yet exchanged: each rotation marks the old token used and adds
     * the head, so only the head can refresh, and once it has expired (or was revoked with the family) the family is
     * over. Its rotated tokens go with it; until then they stay, so presenting one still ends the family (reuse
     * detection). An unknown token is refused the same way as an expired one. Heads are found through a partial
     * index that holds only heads, so the rotated tokens of long-lived families are not read run after run.
     */
    async forgetExpiredFamilies(cutoff: Date, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('refresh_tokens')
        // `= any(array(…))`, not `in (…)`: planned as up to `limit` lookups in the family index. With `in`, PostgreSQL
        // priced `limit` families at ten rows each above a read of the whole table, and read it (86 ms against 2 ms
        // at 330,000 rows, docs/identity.md).
        .where(
          sql<boolean>`family_id = any(array(${db.selectFrom('refresh_tokens as head').select('head.family_id').where('head.used_at', 'is', null).where('head.expires_at', '<', cutoff).limit(limit)}))`,
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async familyIsLive(familyId: string, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type RefreshTokensRepository = ReturnType<typeof refreshTokensRepository>;
