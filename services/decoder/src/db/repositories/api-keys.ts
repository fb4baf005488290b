import { sql, type Kysely, type Selectable } from 'kysely';
import { API_ERRORS, type ApiKeyView } from '@keisha/contracts/decoder';
import { AppError } from '@keisha/service-kit';
import type { ApiKeysTable, DecoderDatabase } from '../database.ts';
import type { NewApiKey } from '../../domain/api-keys.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A key and the account it belongs to. */
export type KeyOwner = Pick<ApiKeyRow, 'id' | 'user_id'>;

/** Articles a UTC day: per key, and per account over all its keys. */
export interface DailyLimits {
  key: number;
  account: number;
}

/** The two daily counters an article counts in: its key's, and its account's over all its keys. */
const COUNTERS = {
  account: { table: 'api_account_usage', owner: 'user_id', of: (key: KeyOwner) => key.user_id },
  key: { table: 'api_key_usage', owner: 'key_id', of: (key: KeyOwner) => key.id },
} as const;
type DailyCounter = (typeof COUNTERS)[keyof typeof COUNTERS];

/** Adds `count` to the key's (or account's) day if the sum stays within `limit`: the new count, or undefined when it would not fit. */
async function take(db: Kysely<DecoderDatabase>, { table, owner, of }: DailyCounter, key: KeyOwner, day: string, count: number, limit: number): Promise<number | undefined> {
  const { rows } = await sql<{ used: number }>`
    insert into ${sql.table(table)} (${sql.ref(owner)}, day, used) values (${of(key)}, ${day}, ${count})
    on conflict (${sql.ref(owner)}, day) do update set used = ${sql.ref(`${table}.used`)} + ${count} where ${sql.ref(`${table}.used`)} + ${count} <= ${limit}
    returning used`.execute(db);
  return rows[0]?.used;
}

/** Takes `count` off the key's (or account's) day, not below zero: the new count (0 when the day has no row). */
async function giveBack(db: Kysely<DecoderDatabase>, { table, owner, of }: DailyCounter, key: KeyOwner, day: string, count: number): Promise<number> {
  const { rows } = await sql<{ used: number }>`
    update ${sql.table(table)} set used = greatest(used - ${count}, 0) where ${sql.ref(owner)} = ${of(key)} and day = ${day} returning used`.execute(db);
  return rows[0]?.used ?? 0;
}

/** A day's articles after a reservation or a give-back: the key's and its account's. */
export interface Used {
  used: number;
  accountUsed: number;
}

export type Reserved = Used | { full: 'key' | 'account' };

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
     * Takes `count` articles from the day of the key and from the day of its account (all its keys together) at
     * once, or from neither: each is one atomic statement that adds only while the sum stays within its limit, in one
     * transaction that rolls back when either is full, so concurrent batches, on one key or on several, can never
     * overdraw either. The account's row is locked before the key's, on every path. The new totals, or which was full.
     */
    async reserve(key: KeyOwner, day: string, count: number, limits: DailyLimits): Promise<Reserved> {
      if (count > limits.account) return { full: 'account' };
      if (count > limits.key) return { full: 'key' };
      const full = Symbol('full');
      let which: 'key' | 'account' = 'account';
      try {
        return await db.transaction().execute(async (trx) => {
          const accountUsed = await take(trx, COUNTERS.account, key, day, count, limits.account);
          if (accountUsed === undefined) throw full;
          which = 'key';
          const used = await take(trx, COUNTERS.key, key, day, count, limits.key);
          if (used === undefined) throw full;
          return { used, accountUsed };
        });
      } catch (error) {
        if (error === full) return { full: which };
        // The key's row went between its check and this count: its account was deleted and erased (or the key
        // deleted) in the moment between. The caller is told as for any key that no longer exists, not with a 500.
        if ((error as { code?: string }).code === '23503') throw new AppError(401, API_ERRORS.invalidKey, 'This API key is not valid.');
        throw error;
      }
    },

    /** Gives back articles that were reserved but not analysed, to the key's day and its account's, both or neither. */
    async release(key: KeyOwner, day: string, count: number): Promise<Used> {
      if (count <= 0) return this.usageOf(key, day);
      return db.transaction().execute(async (trx) => {
        const accountUsed = await giveBack(trx, COUNTERS.account, key, day, count);
        const used = await giveBack(trx, COUNTERS.key, key, day, count);
        return { used, accountUsed };
      });
    },

    /** The key's and its account's articles on `day`. */
    async usageOf(key: KeyOwner, day: string): Promise<Used> {
      const [used, accountUsed] = await Promise.all([this.usedOn(key.id, day), this.accountUsedOn(key.user_id, day)]);
      return { used, accountUsed };
    },

    async accountUsedOn(userId: string, day: string): Promise<number> {
      const row = await db.selectFrom('api_account_usage').select('used').where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
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
