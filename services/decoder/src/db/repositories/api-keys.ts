import { sql, type Kysely, type Selectable } from 'kysely';
import type { ApiKeyView } from '@keisha/contracts/decoder';
import type { ApiKeysTable, DecoderDatabase } from '../database.ts';
import type { NewApiKey } from '../../domain/api-keys.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function apiKeyView(row: ApiKeyRow, usedToday: number): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: iso(row.created_at)!,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
    used_today: usedToday,
  };
}

export function apiKeysRepository(db: Kysely<DecoderDatabase>) {
  return {
    /** Creates a key unless the account already holds `maxActive` unrevoked ones (checked under a lock of the account's keys). */
    async create(userId: string, name: string, key: NewApiKey, ownerIsAdmin: boolean, maxActive: number): Promise<ApiKeyRow | undefined> {
      return db.transaction().execute(async (trx) => {
        // Serialises creations of one account, so two at once cannot both pass the count.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`.execute(trx);
        const active = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(active.n) >= maxActive) return undefined;
        return trx
          .insertInto('api_keys')
          .values({ user_id: userId, name, prefix: key.prefix, hash: key.hash, owner_is_admin: ownerIsAdmin })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async listOf(userId: string): Promise<ApiKeyRow[]> {
      return db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    },

    /** Marks the key revoked (once: revoking again keeps the first time). Undefined when it is not the account's. */
    async revoke(userId: string, id: string): Promise<ApiKeyRow | undefined> {
      await db.updateTable('api_keys').set({ revoked_at: sql<Date>`now()` }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async byHash(hash: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('hash', '=', hash).executeTakeFirst();
    },

    async touch(id: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    /**
     * Takes `count` articles from the key's day at once, or none: one atomic statement that adds only while
     * the sum stays within the limit, so concurrent batches can never overdraw it. The new total, or
     * undefined when the articles do not fit.
     */
    async reserve(keyId: string, day: string, count: number, limit: number): Promise<number | undefined> {
      if (count > limit) return undefined;
      const row = await db
        .insertInto('api_key_usage')
        .values({ key_id: keyId, day, used: count })
        .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet({ used: sql`api_key_usage.used + ${count}` }).where(sql<boolean>`api_key_usage.used + ${count} <= ${limit}`))
        .returning('used')
        .executeTakeFirst();
      return row?.used;
    },

    /** Gives back articles that were reserved but not analysed. */
    async release(keyId: string, day: string, count: number): Promise<number> {
      if (count <= 0) return this.usedOn(keyId, day);
      const row = await db
        .updateTable('api_key_usage')
        .set({ used: sql`greatest(used - ${count}, 0)` })
        .where('key_id', '=', keyId)
        .where('day', '=', day)
        .returning('used')
        .executeTakeFirst();
      return row?.used ?? 0;
    },

    async usedOn(keyId: string, day: string): Promise<number> {
      const row = await db.selectFrom('api_key_usage').select('used').where('key_id', '=', keyId).where('day', '=', day).executeTakeFirst();
      return row?.used ?? 0;
    },

    async usedOnByKey(keyIds: string[], day: string): Promise<Map<string, number>> {
      if (keyIds.length === 0) return new Map();
      const rows = await db.selectFrom('api_key_usage').select(['key_id', 'used']).where('key_id', 'in', keyIds).where('day', '=', day).execute();
      return new Map(rows.map((row) => [row.key_id, row.used]));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
