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
