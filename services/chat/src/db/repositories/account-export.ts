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
import type { ExportEmit } from '@keisha/service-kit';
import type { ChatDatabase } from '../database.ts';

export const ACCOUNT_EXPORT_KINDS = ['conversations', 'usage_counters', 'reader_days'] as const;

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

/** Conversations a page holds, each with all its messages. */
export const CONVERSATIONS_PAGE = 20;

export function accountExportRepository(db: Kysely<ChatDatabase>) {
  return {
    /**
     * Everything the chat holds about `accountId`, kind after kind, oldest first; the conversations a page at a time,
     * each with its messages. An account never seen emits nothing.
     */
    async exportAccount(accountId: string, emit: ExportEmit): Promise<void> {
      // The counters' and the reader day's keys are the id as text, written lower-case (the token's subject).
      const userId = accountId.toLowerCase();
      // One snapshot: a message never appears without its conversation, nor a conversation half written.
      await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          // The next page starts after the last row, compared in the database: a JavaScript Date keeps milliseconds,
          // PostgreSQL's timestamps microseconds, and rows within one millisecond would be given twice.
          let after: string | undefined;
          for (;;) {
            let page = trx.selectFrom('chat_sessions').select(['id', 'title', 'created_at', 'updated_at']).where('user_id', '=', userId);
            if (after) page = page.where(sql<boolean>`(created_at, id) > (select l.created_at, l.id from chat_sessions as l where l.id = ${after})`);
            const conversations = await page.orderBy('created_at').orderBy('id').limit(CONVERSATIONS_PAGE).execute();
            if (conversations.length === 0) break;
            const messages = await trx
              .selectFrom('messages')
              .select(['id', 'session_id', 'user_prompt', 'ai_response', 'status', 'sources', 'notes', 'created_at'])
              .where('session_id', 'in', conversations.map((c) => c.id))
              .orderBy('created_at')
              .orderBy('seq')
              .execute();
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
            await emit(
              'conversations',
              conversations.map((row) => ({
                id: row.id,
                title: row.title,
                created_at: iso(row.created_at),
                updated_at: iso(row.updated_at),
                messages: bySession.get(row.id) ?? [],
              })),
            );
            if (conversations.length < CONVERSATIONS_PAGE) break;
            after = conversations[conversations.length - 1]!.id;
          }
          const counters = await trx.selectFrom('chat_usage_counters').select([dayText('day').as('day'), 'used']).where('user_id', '=', userId).orderBy('day').execute();
          const days = await trx.selectFrom('reader_days').select(['time_zone', dayText('day').as('day'), 'ends_at']).where('subject', '=', userId).orderBy('day').execute();
          // `used`: the messages counted on that day of the reader's (the day in reader_days).
          await emit('usage_counters', counters.map((row) => ({ day: row.day, used: Number(row.used) })));
          await emit('reader_days', days.map((row) => ({ time_zone: row.time_zone, day: row.day, ends_at: iso(row.ends_at) })));
        });
    },
  };
}
