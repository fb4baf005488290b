import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { preparedStatement, queryColumns, takenUsesSql } from '@keisha/service-kit';
import type { ChatDatabase, MessageRow, SessionRow } from '../database.ts';
import type { AnswerHolder } from './streaming-answers.ts';

type Executor = Kysely<ChatDatabase> | Transaction<ChatDatabase>;

const COLUMNS = ['id', 'user_id', 'title', 'created_at', 'updated_at'] as const;

/** A new conversation's first message, to be taken from the day's allowance of `userId`. */
export interface ConversationStart {
  userId: string;
  title: string;
  text: string;
  day: string;
  limit: number | null;
}

export interface StartedConversation {
  session: SessionRow;
  userMessageId: string;
  aiMessageId: string;
}

/**
 * Many new conversations, each with its first message and Keisha's empty answer, in one statement (one
 * array per column: a fixed text, nothing built per request). The starts are grouped by counter (an
 * account's day); a counter takes its group's n messages only if all n fit (`used + n <= limit`, checked
 * on the row as ON CONFLICT locked it, so other instances cannot overdraw it either), and only the
 * starts of counters that took their messages are written. Counters are locked in (user_id, day) order,
 * so two writers cannot deadlock. The ids are chosen by the caller, so each row is known as its own. Keisha's
 * answer is held by the writing process ($9-$11, see streaming-answers.ts) and records the day it was counted in.
 */
const START_ALL = preparedStatement(`
with req as (
  select * from unnest($1::uuid[], $2::date[], $3::int[], $4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::uuid[])
    with ordinality as r(user_id, day, lim, title, text, session_id, user_message_id, ai_message_id, ord)
), ${takenUsesSql('chat_usage_counters', 'user_id')}, s as (
  insert into chat_sessions (id, user_id, title, updated_at)
  select r.session_id, r.user_id, r.title, clock_timestamp() from req r join taken t on t.user_id = r.user_id and t.day = r.day
  order by r.ord
  returning id, user_id, title, created_at, updated_at
), u as (
  insert into messages (id, session_id, user_prompt, ai_response, status, created_at)
  select r.user_message_id, s.id, r.text, null, 'complete', clock_timestamp() from s join req r on r.session_id = s.id
  returning session_id
), a as (
  insert into messages (id, session_id, user_prompt, ai_response, status, created_at, stream_instance, stream_process, lease_until, charged_day)
  select r.ai_message_id, u.session_id, null, '', 'streaming', clock_timestamp(), $9::text, $10::uuid, clock_timestamp() + $11::int * interval '1 millisecond', r.day
  from u join req r on r.session_id = u.session_id
  returning session_id
)
select s.id, s.user_id, s.title, s.created_at, s.updated_at, t.day::text as day, t.used
from s join a on a.session_id = s.id join req r on r.session_id = s.id join taken t on t.user_id = r.user_id and t.day = r.day`);

/**
 * See the migrations 2026112601_continue_conversation and 2026112701_answer_leases: messages to existing
 * conversations, one or many, their answers held by the writing process.
 */
const CONTINUE_ALL = preparedStatement('select * from chat_continue_conversations($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)');

/** A message to one of `userId`'s conversations, to be taken from the day's allowance. */
export interface ConversationContinuation {
  userId: string;
  sessionId: string;
  /** The conversation's title if it has none yet. */
  autoTitle: string | null;
  text: string;
  day: string;
  limit: number | null;
}

/** A message written to an existing conversation: the conversation, both bubbles, the history before them. */
export interface ContinuedConversation {
  session: SessionRow;
  userMessageId: string;
  aiMessageId: string;
  /** The day's new count. */
  used: number;
  /** The conversation's newest rows before the message, oldest first, as read under its lock. */
  history: MessageRow[];
}

/** A history row as chat_recent_history writes it in JSON: the same columns, the time as text. */
type HistoryJson = Omit<MessageRow, 'created_at'> & { created_at: string };

type ContinuedRow = SessionRow & { used: number; user_message_id: string; ai_message_id: string; history: HistoryJson[] | string };

function continued(row: ContinuedRow): ContinuedConversation {
  const { used, user_message_id: userMessageId, ai_message_id: aiMessageId, history, id, user_id, title, created_at, updated_at } = row;
  return { session: { id, user_id, title, created_at, updated_at }, userMessageId, aiMessageId, used, history: historyOf(history) };
}

/**
 * Many conversations read at once, each only if it is its caller's: the conversation and its newest rows
 * (oldest first), in one statement for every message that arrived together.
 */
const OWNED_WITH_HISTORY = preparedStatement(`
select r.ord::int as ord, s.id, s.user_id, s.title, s.created_at, s.updated_at, chat_recent_history(s.id, $3) as history
from unnest($1::uuid[], $2::uuid[]) with ordinality as r(user_id, session_id, ord)
join chat_sessions s on s.id = r.session_id and s.user_id = r.user_id`);

/** A conversation as read before a message to it: the conversation and its newest rows, oldest first. */
export interface OwnedConversation {
  session: SessionRow;
  history: MessageRow[];
}

const historyOf = (history: HistoryJson[] | string): MessageRow[] =>
  // json arrives parsed from pg, as text from PGlite.
  ((typeof history === 'string' ? JSON.parse(history) : history) as HistoryJson[]).map((entry) => ({ ...entry, created_at: new Date(entry.created_at) }));

/** The conversation of a message was not the caller's when it was written (deleted meanwhile). */
const isNotFound = (error: unknown) => (error as { code?: unknown }).code === 'P0002';

/** The key of an account's day counter, as the group commit groups by it. */
export const counterKey = (userId: string, day: string) => `${userId} ${day}`;

/** Answers written without a holder (tests, tools): no lease, so they are taken for dead after 15 minutes. */
const NO_HOLDER = { instance: null, process: null, leaseMs: null };

/**
 * Conversations. Every read and write is scoped to the owner: another user's id finds nothing. The answers it
 * writes are held by `holder` (the process that will stream them).
 */
export function sessionsRepository(db: Kysely<ChatDatabase>, holder?: AnswerHolder) {
  const held = holder ?? NO_HOLDER;
  /** The batch statements' last parameters: who holds the answers they write. */
  const heldParameters = [held.instance, held.process, held.leaseMs];
  /** Messages to existing conversations in one call; see continueAllWithMessages below. */
  async function continueAll(
    batch: readonly ConversationContinuation[],
    historyRows: number,
  ): Promise<{ counts: Map<string, number>; results: ContinuedConversation[] }> {
    const rows = await queryColumns<ContinuedRow & { ord: number; day: string }, ConversationContinuation>(
      db,
      CONTINUE_ALL,
      batch,
      [(c) => c.userId, (c) => c.day, (c) => c.limit, (c) => c.sessionId, (c) => c.autoTitle, (c) => c.text],
      [historyRows, ...heldParameters],
    );
    const counts = new Map<string, number>();
    const results: ContinuedConversation[] = new Array(batch.length);
    for (const row of rows) {
      counts.set(counterKey(row.user_id, row.day), row.used);
      results[row.ord - 1] = continued(row);
    }
    return { counts, results };
  }

  return {
    async create(userId: string, title: string | null, trx: Executor = db): Promise<SessionRow> {
      return trx.insertInto('chat_sessions').values({ user_id: userId, title }).returning(COLUMNS).executeTakeFirstOrThrow();
    },

    async findOwned(userId: string, id: string, trx: Executor = db): Promise<SessionRow | undefined> {
      return trx.selectFrom('chat_sessions').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * A new conversation with its first message and Keisha's empty answer (status streaming), with the
     * message taken from the day's allowance, in one statement: all of it or nothing, one round trip and
     * one commit. The counter goes up only while below `limit` (null: no limit); when the day is used up
     * nothing is written and the answer is undefined. The answer is inserted from the person's row, so it
     * is written after it (a later seq and clock_timestamp()).
     */
    async startWithMessage(
      userId: string,
      title: string,
      text: string,
      allowance: { day: string; limit: number | null },
    ): Promise<{ session: SessionRow; userMessageId: string; aiMessageId: string; used: number } | undefined> {
      // A limit of 0 (an unknown plan): the insert of a first message would not look at the limit.
      if (allowance.limit !== null && allowance.limit <= 0) return undefined;
      const { rows } = await sql<SessionRow & { user_message_id: string; ai_message_id: string; used: number }>`
        with taken as (
          insert into chat_usage_counters (user_id, day, used) values (${userId}, ${allowance.day}, 1)
          on conflict (user_id, day) do update set used = chat_usage_counters.used + 1
            where ${allowance.limit}::integer is null or chat_usage_counters.used < ${allowance.limit}::integer
          returning used
        ), s as (
          insert into chat_sessions (user_id, title, updated_at) select ${userId}::uuid, ${title}::text, clock_timestamp() from taken
          returning id, user_id, title, created_at, updated_at
        ), u as (
          insert into messages (session_id, user_prompt, ai_response, status, created_at)
          select id, ${text}, null, 'complete', clock_timestamp() from s
          returning id, session_id
        ), a as (
          insert into messages (session_id, user_prompt, ai_response, status, created_at, stream_instance, stream_process, lease_until, charged_day)
          select session_id, null, '', 'streaming', clock_timestamp(), ${held.instance}::text, ${held.process}::uuid,
            clock_timestamp() + ${held.leaseMs}::integer * interval '1 millisecond', ${allowance.day}::date
          from u
          returning id
        )
        select s.id, s.user_id, s.title, s.created_at, s.updated_at, u.id as user_message_id, a.id as ai_message_id, taken.used
        from s, u, a, taken`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const { user_message_id: userMessageId, ai_message_id: aiMessageId, used, ...session } = row;
      return { session, userMessageId, aiMessageId, used };
    },

    /**
     * A message to one of the caller's conversations: one message taken from the day's allowance (the counter
     * goes up only while below `limit`; null: no limit), the conversation's activity marked (named after
     * `autoTitle` when it has no title yet), its newest `historyRows` rows read under its lock, and the person's
     * bubble with Keisha's empty answer after it; all or nothing, in one round trip and one commit. Undefined
     * when the day is used up; 'not-found' (nothing counted) when the conversation is not the caller's.
     */
    async continueWithMessage(message: ConversationContinuation, historyRows: number): Promise<ContinuedConversation | undefined | 'not-found'> {
      // A limit of 0 (an unknown plan): nothing to take.
      if (message.limit !== null && message.limit <= 0) return undefined;
      try {
        return (await continueAll([message], historyRows)).results[0];
      } catch (error) {
        if (isNotFound(error)) return 'not-found';
        throw error;
      }
    },

    /**
     * For each request, by index: its conversation with its newest `historyRows` rows, or undefined when the
     * conversation is not that caller's (or does not exist). One statement for all of them.
     */
    async ownedWithHistory(requests: ReadonlyArray<{ userId: string; sessionId: string }>, historyRows: number): Promise<Array<OwnedConversation | undefined>> {
      const rows = await queryColumns<SessionRow & { ord: number; history: HistoryJson[] | string }, { userId: string; sessionId: string }>(
        db,
        OWNED_WITH_HISTORY,
        requests,
        [(r) => r.userId, (r) => r.sessionId],
        [historyRows],
      );
      const found: Array<OwnedConversation | undefined> = new Array(requests.length).fill(undefined);
      for (const { ord, history, ...session } of rows) found[ord - 1] = { session, history: historyOf(history) };
      return found;
    },

    /**
     * `continueWithMessage` for many messages in one call and one commit (see the migration's
     * chat_continue_conversations): each account's day takes all of its messages' uses or none. Resolves to
     * the new count of each counter that took its messages (by counterKey) and each message's result, by
     * index (only for messages whose counter took them). Throws, writing nothing, when a conversation is not
     * its caller's.
     */
    continueAllWithMessages: continueAll,

    /**
     * `startWithMessage` for many starts in one statement and one commit; see START_ALL. Resolves to the
     * new count of each counter that took its messages (by counterKey) and each start's rows, by index
     * (only meaningful for starts whose counter took its messages).
     */
    async startAllWithMessages(starts: readonly ConversationStart[]): Promise<{ counts: Map<string, number>; results: StartedConversation[] }> {
      const ids = starts.map(() => ({ session: randomUUID(), user: randomUUID(), ai: randomUUID() }));
      const rows = await queryColumns<SessionRow & { day: string; used: number }, ConversationStart>(
        db,
        START_ALL,
        starts,
        [(s) => s.userId, (s) => s.day, (s) => s.limit, (s) => s.title, (s) => s.text, (_, i) => ids[i]!.session, (_, i) => ids[i]!.user, (_, i) => ids[i]!.ai],
        heldParameters,
      );
      const counts = new Map<string, number>();
      const sessions = new Map<string, SessionRow>();
      for (const { day, used, ...session } of rows) {
        counts.set(counterKey(session.user_id, day), used);
        sessions.set(session.id, session);
      }
      const results = ids.map((id) => ({ session: sessions.get(id.session)!, userMessageId: id.user, aiMessageId: id.ai }));
      return { counts, results };
    },

    /**
     * Marks new activity (naming an untitled conversation after `autoTitle`, when given) and locks the row until
     * the transaction ends, so writes to one conversation happen one at a time. Undefined when the
     * conversation is not the caller's.
     */
    async touchOwned(trx: Transaction<ChatDatabase>, userId: string, id: string, autoTitle: string | null): Promise<SessionRow | undefined> {
      return trx
        .updateTable('chat_sessions')
        .set({ updated_at: sql<Date>`clock_timestamp()` as unknown as Date, title: sql<string>`coalesce(title, ${autoTitle}::text)` as unknown as string })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** Newest activity first. */
    async list(userId: string, page: number, pageSize: number): Promise<{ rows: SessionRow[]; total: number }> {
      const mine = db.selectFrom('chat_sessions').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        mine
          .select(COLUMNS)
          .orderBy('updated_at', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        mine.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    async rename(userId: string, id: string, title: string): Promise<SessionRow | undefined> {
      return db
        .updateTable('chat_sessions')
        .set({ title, updated_at: sql<Date>`now()` as unknown as Date })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** Deletes the conversation and (by cascade) its messages. */
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('chat_sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Conversations of `userId` whose title or any message matches `pattern` (an ILIKE pattern with
     * `\` as escape), newest activity first, each with its newest matching message (if any).
     */
    async search(userId: string, pattern: string, limit: number) {
      const matches = await db
        .selectFrom('messages')
        .innerJoin('chat_sessions', 'chat_sessions.id', 'messages.session_id')
        .where('chat_sessions.user_id', '=', userId)
        .where(sql<boolean>`coalesce(messages.user_prompt, messages.ai_response) ilike ${pattern} escape '\\'`)
        .distinctOn('messages.session_id')
        .select(['messages.session_id', 'messages.id', 'messages.user_prompt', 'messages.ai_response'])
        .orderBy('messages.session_id')
        .orderBy('messages.seq', 'desc')
        .execute();
      const bySession = new Map(matches.map((m) => [m.session_id, m]));
      const sessions = await db
        .selectFrom('chat_sessions')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb(sql`title`, 'ilike', sql`${pattern} escape '\\'`),
            ...(bySession.size > 0 ? [eb('id', 'in', [...bySession.keys()])] : []),
          ]),
        )
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return sessions.map((session) => ({ session, message: bySession.get(session.id) }));
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
