// What the chat holds about one account, for the reader's own copy ("Download your data"; docs/chat.md, "Exporting
// an account"). identity asks for it over the internal export route and puts it in the reader's file.
//
// The rows are those the erasure deletes (account-erasure.ts): the conversations with their messages, the daily
// message counters and the day they are on. Each conversation carries its messages, in the order they were written,
// as the reader saw them: who wrote it, the text, its state (an answer stopped or failed is given as it was kept), the
// sources and notes shown with it, and when.
//
// Columns are named one by one, never selectAll: a column added later stays out of the file until someone decides it
// belongs there. Left out: a streaming answer's machinery (the instance and process writing it, its lease, the day
// it was charged to), which is ours, not the reader's, and the engine that answered (a setting of the deployment).
import { sql, type Kysely } from 'kysely';
import type { ChatDatabase } from '../database.ts';

export const ACCOUNT_EXPORT_KINDS = ['conversations', 'usage_counters', 'reader_days'] as const;
export type AccountExportData = Record<(typeof ACCOUNT_EXPORT_KINDS)[number], Array<Record<string, unknown>>>;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
/** A `date` column as its calendar day, read as text by PostgreSQL (a driver's Date could shift it a day). */
const dayText = (column: string) => sql<string>`${sql.ref(column)}::text`;
/** The JSON columns (sources, notes): parsed when a driver gives them as text. */
function jsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function accountExportRepository(db: Kysely<ChatDatabase>) {
  return {
    /** Everything the chat holds about `accountId`, oldest first; empty lists for an account never seen. */
    async exportAccount(accountId: string): Promise<AccountExportData> {
      // The counters' and the reader day's keys are the id as text, written lower-case (the token's subject).
      const userId = accountId.toLowerCase();
      // One snapshot: a message never appears without its conversation, nor a conversation half written.
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const conversations = await trx
            .selectFrom('chat_sessions')
            .select(['id', 'title', 'created_at', 'updated_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .orderBy('id')
            .execute();
          const messages = await trx
            .selectFrom('messages as m')
            .innerJoin('chat_sessions as s', 's.id', 'm.session_id')
            .select(['m.id', 'm.session_id', 'm.user_prompt', 'm.ai_response', 'm.status', 'm.sources', 'm.notes', 'm.created_at'])
            .where('s.user_id', '=', userId)
            .orderBy('m.created_at')
            .orderBy('m.seq')
            .execute();
          const counters = await trx.selectFrom('chat_usage_counters').select([dayText('day').as('day'), 'used']).where('user_id', '=', userId).orderBy('day').execute();
          const days = await trx.selectFrom('reader_days').select(['time_zone', dayText('day').as('day'), 'ends_at']).where('subject', '=', userId).orderBy('day').execute();

          const bySession = new Map<string, Array<Record<string, unknown>>>();
          for (const message of messages) {
            const fromReader = message.user_prompt !== null;
            const list = bySession.get(message.session_id) ?? [];
            list.push({
              id: message.id,
              from: fromReader ? 'you' : 'Keisha',
              text: fromReader ? message.user_prompt : message.ai_response,
              status: message.status,
              ...(fromReader ? {} : { sources: jsonList(message.sources), notes: jsonList(message.notes) }),
              created_at: iso(message.created_at),
            });
            bySession.set(message.session_id, list);
          }
          return {
            conversations: conversations.map((row) => ({
              id: row.id,
              title: row.title,
              created_at: iso(row.created_at),
              updated_at: iso(row.updated_at),
              messages: bySession.get(row.id) ?? [],
            })),
            // `used`: the messages counted on that day of the reader's (the day in reader_days).
            usage_counters: counters.map((row) => ({ day: row.day, used: Number(row.used) })),
            reader_days: days.map((row) => ({ time_zone: row.time_zone, day: row.day, ends_at: iso(row.ends_at) })),
          };
        });
    },
  };
}
