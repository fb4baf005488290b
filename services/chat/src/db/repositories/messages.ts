import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedStatement, queryColumns } from '@keisha/service-kit';
import type { ChatDatabase, MessageRow, StoredMessageStatus } from '../database.ts';
import type { AnswerHolder } from './streaming-answers.ts';

type Executor = Kysely<ChatDatabase> | Transaction<ChatDatabase>;

const COLUMNS = [
  'id',
  'session_id',
  'user_prompt',
  'ai_response',
  'status',
  'engine',
  'sources',
  'notes',
  'seq',
  'created_at',
  'stream_instance',
  'stream_process',
  'lease_until',
  'charged_day',
] as const;

export interface FinishedAnswer {
  text: string;
  status: Exclude<StoredMessageStatus, 'streaming'>;
  engine: 'llm' | 'embedded' | null;
  sources: Array<{ title: string; url: string }>;
  notes: string[];
}

/** An answer that ended, and the account's day whose count is read back with it. */
export interface AnswerEnd {
  id: string;
  answer: FinishedAnswer;
  userId: string;
  day: string;
}

/**
 * Many ended answers saved in one statement, each with its account's count for the day read back (what
 * the finished answer's usage shows): answers that end at the same moment share one round trip instead
 * of two each. It locks only the answers' rows, as a single update does: counters are not written here
 * (an answer that gives its message back takes the path of finishGivingBack). Only answers still streaming are
 * saved: one the sweep has marked failed meanwhile (its message given back) stays so.
 */
const FINISH_ALL = preparedStatement(`
with req as (
  select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[], $7::uuid[], $8::date[])
    as r(id, ai_response, status, engine, sources, notes, user_id, day)
), finished as (
  update messages m set ai_response = r.ai_response, status = r.status, engine = r.engine, sources = r.sources, notes = r.notes
  from req r where m.id = r.id and m.status = 'streaming'
  returning m.id, m.session_id, m.user_prompt, m.ai_response, m.status, m.engine, m.sources, m.notes, m.seq, m.created_at,
    m.stream_instance, m.stream_process, m.lease_until, m.charged_day
)
select f.*, coalesce(c.used, 0)::int as used
from finished f join req r on r.id = f.id
left join chat_usage_counters c on c.user_id = r.user_id and c.day = r.day`);

/** The bubbles of conversations. Callers check that the session is the caller's first. */
export function messagesRepository(db: Kysely<ChatDatabase>) {
  return {
    /** Oldest first: by time, then by insertion order for rows written in the same instant. */
    async forSession(sessionId: string, trx: Executor = db): Promise<MessageRow[]> {
      return trx.selectFrom('messages').select(COLUMNS).where('session_id', '=', sessionId).orderBy('created_at').orderBy('seq').execute();
    },

    /** The newest `limit` rows, oldest first (what the model reads of a long conversation). */
    async recentForSession(sessionId: string, limit: number, trx: Executor = db): Promise<MessageRow[]> {
      const rows = await trx
        .selectFrom('messages')
        .select(COLUMNS)
        .where('session_id', '=', sessionId)
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    // clock_timestamp(), not now(): now() is the transaction's start, and two transactions waiting for
    // the same session lock would otherwise stamp their rows out of order.
    /** Keisha's bubble, empty and marked streaming until the answer ends, held by `holder`; its message counted in `day`. */
    async insertAnswer(trx: Transaction<ChatDatabase>, sessionId: string, holder: AnswerHolder, day: string): Promise<MessageRow> {
      return trx
        .insertInto('messages')
        .values({
          session_id: sessionId,
          user_prompt: null,
          ai_response: '',
          status: 'streaming',
          created_at: sql<Date>`clock_timestamp()` as unknown as Date,
          stream_instance: holder.instance,
          stream_process: holder.process,
          lease_until: sql<Date>`clock_timestamp() + ${holder.leaseMs}::integer * interval '1 millisecond'` as unknown as Date,
          charged_day: day,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /**
     * Saves an ended answer that does not use up its message (it failed, or the service gave it), and gives the
     * message back to the day it was counted in: one statement, so both or neither. Only an answer still
     * streaming is saved and given back; undefined when it is not (the sweep failed it and gave its message back
     * already) or is gone. `used` is the day's count after, when the counter was found.
     */
    async finishGivingBack(id: string, answer: FinishedAnswer): Promise<{ row: MessageRow; used: number | null } | undefined> {
      const { rows } = await sql<MessageRow & { used_after: number | null }>`
        with finished as (
          update messages as m set ai_response = ${answer.text}, status = ${answer.status}, engine = ${answer.engine},
            sources = ${JSON.stringify(answer.sources)}::jsonb, notes = ${JSON.stringify(answer.notes)}::jsonb
          where m.id = ${id}::uuid and m.status = 'streaming'
          returning ${sql.join(COLUMNS.map((column) => sql.ref(`m.${column}`)))}
        ), given as (
          update chat_usage_counters as c set used = greatest(c.used - 1, 0)
          from finished as f join chat_sessions as s on s.id = f.session_id
          where c.user_id = s.user_id and c.day = f.charged_day
          returning c.used
        )
        select f.*, (select g.used from given as g) as used_after from finished as f`.execute(db);
      const found = rows[0];
      if (!found) return undefined;
      const { used_after: used, ...row } = found;
      return { row, used };
    },

    /**
     * Saves each ended answer and reads its account's count for the day, all in one statement. Answers
     * whose row is gone (the conversation was deleted while it streamed) are left out of the map.
     */
    async finishAll(ends: readonly AnswerEnd[]): Promise<Map<string, { row: MessageRow; used: number }>> {
      const rows = await queryColumns<MessageRow & { used: number }, AnswerEnd>(db, FINISH_ALL, ends, [
        (e) => e.id,
        (e) => e.answer.text,
        (e) => e.answer.status,
        (e) => e.answer.engine,
        (e) => JSON.stringify(e.answer.sources),
        (e) => JSON.stringify(e.answer.notes),
        (e) => e.userId,
        (e) => e.day,
      ]);
      return new Map(rows.map(({ used, ...row }) => [row.id, { row, used }]));
    },

    async deleteIds(trx: Transaction<ChatDatabase>, ids: string[]): Promise<void> {
      if (ids.length > 0) await trx.deleteFrom('messages').where('id', 'in', ids).execute();
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
