// identity's account deletion, the chat's part: the internal route erases everything the chat holds about one account
// (conversations, messages, daily counters), leaves every other account's alone, answers what it erased, and answers
// zeros when asked again. Data is made through the public routes, as readers make it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { internalAccountErasurePath } from '@keisha/contracts/chat';
import { accountErasureResponse } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { appForSuite, databaseTargets, identityForFile, type TestSession } from '@keisha/service-kit/testing';
import { bearer, startChat } from './helpers.ts';

const INTERNAL = 'chat-erasure-internal-token-0123456789abcdef';
const targets = await databaseTargets();
// Identity shares the chat's internal token, as in production (its session checks use it).
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });
const NOTHING = { chat_sessions: 0, messages: 0, chat_usage_counters: 0, reader_days: 0 };
const TIME_ZONE = 'America/New_York';

describe.each(targets)('erasing a deleted account on $kind', (target) => {
  // The Free plan: its daily count is shown, so a counter left behind would show.
  const ctx = appForSuite(() => startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Free', INTERNAL_API_TOKEN: INTERNAL }));

  const erase = (userId: string, headers: Record<string, string> = { [INTERNAL_TOKEN_HEADER]: INTERNAL }) =>
    ctx.app.inject({ method: 'DELETE', url: internalAccountErasurePath(userId), headers });
  const get = async (session: TestSession, url: string) => ctx.app.inject({ url, headers: bearer(session.token) });
  const send = (session: TestSession, message: string, sessionId?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(session.token), payload: { message, time_zone: TIME_ZONE, ...(sessionId ? { session_id: sessionId } : {}) } });

  /** A reader with one conversation of `exchanges` messages (each answered) and one empty conversation. */
  async function readerWithConversations(exchanges: number): Promise<{ session: TestSession; conversationId: string }> {
    const session = await identity.signIn('user');
    let conversationId: string | undefined;
    for (let i = 0; i < exchanges; i++) {
      const answered = await send(session, `What is redlining? (${i + 1})`, conversationId);
      expect(answered.statusCode).toBe(200);
      conversationId = answered.json().session_id;
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(session.token), payload: { title: 'For later' } });
    expect(empty.statusCode).toBe(201);
    return { session, conversationId: conversationId! };
  }

  it('erases one account’s conversations, messages and counters, and nobody else’s', async () => {
    const leaving = await readerWithConversations(2);
    const staying = await readerWithConversations(1);
    const stayingRowsBefore = await rowsNaming(staying.session.userId);
    expect(stayingRowsBefore).toEqual({ chat_sessions: 2, messages: 2, chat_usage_counters: 1, reader_days: 1 });

    const answer = await erase(leaving.session.userId);
    expect(answer.statusCode).toBe(200);
    expect(accountErasureResponse.parse(answer.json())).toEqual({ success: true, erased: { chat_sessions: 2, messages: 4, chat_usage_counters: 1, reader_days: 1 } });

    // Asked with a token for that id: no conversation, no message, nothing counted today.
    expect((await get(leaving.session, '/api/chat/sessions')).json()).toMatchObject({ sessions: [], total: 0 });
    expect((await get(leaving.session, `/api/chat/sessions/${leaving.conversationId}/messages`)).statusCode).toBe(404);
    expect((await get(leaving.session, '/api/chat/search?q=redlining')).json()).toMatchObject({ success: true, results: [] });
    expect((await get(leaving.session, `/api/chat/usage?time_zone=${encodeURIComponent(TIME_ZONE)}`)).json().usage).toMatchObject({ messages_today: 0 });
    expect(await rowsNaming(leaving.session.userId)).toEqual(NOTHING);

    // The other reader keeps everything.
    expect(await rowsNaming(staying.session.userId)).toEqual(stayingRowsBefore);
    expect((await get(staying.session, '/api/chat/sessions')).json()).toMatchObject({ total: 2 });
    const kept = (await get(staying.session, `/api/chat/sessions/${staying.conversationId}/messages`)).json();
    expect(kept.messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'ai']);
    expect((await get(staying.session, `/api/chat/usage?time_zone=${encodeURIComponent(TIME_ZONE)}`)).json().usage).toMatchObject({ messages_today: 1 });
  });

  it('answers zeros when asked again, and for an account it never saw', async () => {
    const leaving = await readerWithConversations(1);
    expect((await erase(leaving.session.userId)).json().erased).toMatchObject({ chat_sessions: 2, messages: 2 });
    for (const userId of [leaving.session.userId, randomUUID()]) {
      const again = await erase(userId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, erased: NOTHING });
    }
  });

  it('is for our services only, and refuses what is not an account id', async () => {
    const reader = await readerWithConversations(1);
    const strangers: Array<Record<string, string>> = [{}, { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, bearer(reader.session.token)];
    for (const headers of strangers) {
      const refused = await erase(reader.session.userId, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    }
    for (const bad of ['not-a-uuid', '1', `${reader.session.userId}x`]) {
      const refused = await erase(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
    }
    // Nothing was erased by the refused calls.
    expect((await get(reader.session, '/api/chat/sessions')).json()).toMatchObject({ total: 2 });
  });

  /** The rows of each kind the erasure covers that name `userId`, read from the database. */
  async function rowsNaming(userId: string): Promise<typeof NOTHING> {
    const { db } = ctx.database;
    const count = async (table: string, column: string, operator: '=' | 'in', value: unknown) =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, operator, value).executeTakeFirstOrThrow()).n);
    return {
      chat_sessions: await count('chat_sessions', 'user_id', '=', userId),
      messages: await count('messages', 'session_id', 'in', db.selectFrom('chat_sessions').select('id').where('user_id', '=', userId)),
      chat_usage_counters: await count('chat_usage_counters', 'user_id', '=', userId),
      reader_days: await count('reader_days', 'subject', '=', userId),
    };
  }
});
