import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatDatabase, SessionRow } from '../database.ts';

type Executor = Kysely<ChatDatabase> | Transaction<ChatDatabase>;

const COLUMNS = ['id', 'user_id', 'title', 'created_at', 'updated_at'] as const;

/** Conversations. Every read and write is scoped to the owner: another user's id finds nothing. */
export function sessionsRepository(db: Kysely<ChatDatabase>) {
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
          insert into messages (session_id, user_prompt, ai_response, status, created_at)
          select session_id, null, '', 'streaming', clock_timestamp() from u
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
