// What the decoder holds about an account, erased when identity deletes the account (routes/internal-account-erasure).
//
// Rows that name the account: its history (analyses), its API keys and their daily counts (api_keys,
// api_key_usage), its keys' daily count as an account (api_account_usage), its own daily counter on the site
// (usage_counters, subject `user:<id>`) and the day that counter is on (reader_days, same subject).
//
// Left alone, because no row of them names the account: browser analytics (analytics_events, analytics_days,
// analytics_address_days, client_errors: the client sends them without credentials and with no account id, and
// keys them by browser session and address), and the `ip:<address>` and `device:<id>` counters an unconfirmed
// account also spent from (an address's or a device's, shared with the guests there).
import { sql, type Kysely } from 'kysely';
import type { DecoderDatabase } from '../database.ts';

/** Rows erased, by kind (the answer's `erased`). */
export type ErasedCounts = Record<'analyses' | 'api_keys' | 'api_key_usage' | 'api_account_usage' | 'usage_counters' | 'reader_days', number>;

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export function accountErasureRepository(db: Kysely<DecoderDatabase>) {
  return {
    /**
     * Deletes every row above in one transaction: all of them go, or none (identity calls again). Today's counters
     * go too: they count a deleted account's use, and keeping them would give back nothing to anyone, since an
     * account made afterwards has a new id and starts its own day at zero either way.
     */
    async erase(accountId: string): Promise<ErasedCounts> {
      // As the export reads them: uuid columns compare without regard to case, the text subjects and the lock key do
      // not, and both are written lower-case (the token's subject), so an upper-case id must still find them.
      const userId = accountId.toLowerCase();
      const subject = `user:${userId}`;
      return db.transaction().execute(async (trx) => {
        // The lock key creation takes (api-keys.ts): a key being created now is either committed before the delete
        // below, which then sees it, or waits and finds the account's keys gone.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`.execute(trx);
        // Rows are taken in the order the writers lock them (the account's API day before a key's, a counter before
        // the history entry it pays for), so an analysis running now cannot deadlock with the erasure.
        const accountUsage = await trx.deleteFrom('api_account_usage').where('user_id', '=', userId).executeTakeFirst();
        const ownKeys = trx.selectFrom('api_keys').select('id').where('user_id', '=', userId);
        // Counted here rather than left to the cascade from api_keys, so the answer says what went.
        const keyUsage = await trx.deleteFrom('api_key_usage').where('key_id', 'in', ownKeys).executeTakeFirst();
        const keys = await trx.deleteFrom('api_keys').where('user_id', '=', userId).executeTakeFirst();
        const counters = await trx.deleteFrom('usage_counters').where('subject', '=', subject).executeTakeFirst();
        const analyses = await trx.deleteFrom('analyses').where('user_id', '=', userId).executeTakeFirst();
        const days = await trx.deleteFrom('reader_days').where('subject', '=', subject).executeTakeFirst();
        return {
          analyses: deleted(analyses),
          api_keys: deleted(keys),
          api_key_usage: deleted(keyUsage),
          api_account_usage: deleted(accountUsage),
          usage_counters: deleted(counters),
          reader_days: deleted(days),
        };
      });
    },
  };
}
