// What the chat holds about an account, erased when identity deletes the account (routes/internal-account-erasure):
// its conversations (chat_sessions) and their messages, Keisha's answers included (an answer still streaming goes
// too: its lease and charged day are columns of its message, and the write that ends it finds no row and is left
// out, as when a conversation is deleted while it streams), its daily message counters (chat_usage_counters), and
// the day those counters are on (reader_days, whose subject is the account id itself).
import type { Kysely } from 'kysely';
import type { ChatDatabase } from '../database.ts';

/** Rows erased, by kind (the answer's `erased`). */
export type ErasedCounts = Record<'chat_sessions' | 'messages' | 'chat_usage_counters' | 'reader_days', number>;

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

export function accountErasureRepository(db: Kysely<ChatDatabase>) {
  return {
    /**
     * Deletes every row above in one transaction: all of them go, or none (identity calls again). Today's counter
     * goes too: it counts a deleted account's messages, and keeping it would give nothing back to anyone, since an
     * account made afterwards has a new id and starts its own day at zero either way.
     */
    async erase(userId: string): Promise<ErasedCounts> {
      return db.transaction().execute(async (trx) => {
        // Messages before the counter, as an ending answer and the lease sweep take them (the message, then the
        // give-back). A send of this account still in flight takes them the other way round; if the two meet,
        // PostgreSQL fails one of them, and a failed erasure is asked again by identity.
        const conversations = trx.selectFrom('chat_sessions').select('id').where('user_id', '=', userId);
        // Counted here rather than left to the cascade from chat_sessions, so the answer says what went.
        const messages = await trx.deleteFrom('messages').where('session_id', 'in', conversations).executeTakeFirst();
        const sessions = await trx.deleteFrom('chat_sessions').where('user_id', '=', userId).executeTakeFirst();
        const counters = await trx.deleteFrom('chat_usage_counters').where('user_id', '=', userId).executeTakeFirst();
        const days = await trx.deleteFrom('reader_days').where('subject', '=', userId).executeTakeFirst();
        return {
          chat_sessions: deleted(sessions),
          messages: deleted(messages),
          chat_usage_counters: deleted(counters),
          reader_days: deleted(days),
        };
      });
    },
  };
}
