// Messages to an existing conversation (migration 2026112601_continue_conversation): counted and written in
// one round trip, with the history read under the conversation's lock, on PGlite and PostgreSQL; in the
// repository (concurrent sends to one conversation, a conversation that is not the caller's, a used-up day)
// and through the route (a Free account's burst into one conversation).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, databaseTargets, identityForFile, databaseForSuite } from '@keisha/service-kit/testing';
import type { ChatDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { sessionsRepository } from '../src/db/repositories/sessions.ts';
import { bearer, eventsOf, startChat } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const DAY = '2026-11-26';

describe.each(targets)('a message to an existing conversation on $kind', (target) => {
  const database = databaseForSuite<ChatDatabase>(target, migrations);
  let sessions: ReturnType<typeof sessionsRepository>;

  beforeAll(async () => {
    sessions = sessionsRepository(database.db);
  });

  const counterOf = async (userId: string) =>
    (await database.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', userId).where('day', '=', DAY).executeTakeFirst())?.used ?? 0;
  const rowsOf = (sessionId: string) =>
    database.db.selectFrom('messages').select(['id', 'user_prompt', 'ai_response', 'status', 'seq']).where('session_id', '=', sessionId).orderBy('created_at').orderBy('seq').execute();
  /** A conversation of `userId` with its first message (and that message counted). */
  const conversation = async (userId: string, title: string | null = 'First question') => {
    const started = await sessions.startWithMessage(userId, title ?? 'unused', 'First question', { day: DAY, limit: null });
    if (!started) throw new Error('not started');
    if (title === null) await database.db.updateTable('chat_sessions').set({ title: null }).where('id', '=', started.session.id).execute();
    return started.session.id;
  };

  it('counts the message, writes both bubbles after the history, marks the activity and names an untitled conversation', async () => {
    const userId = randomUUID();
    const sessionId = await conversation(userId, null);
    const before = await database.db.selectFrom('chat_sessions').select('updated_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    const written = await sessions.continueWithMessage({ userId, sessionId, autoTitle: 'Second question', text: 'Second question?', day: DAY, limit: 10 }, 20);
    if (!written || written === 'not-found') throw new Error(`not written: ${written}`);
    expect(written.used).toBe(2);
    expect(written.session).toMatchObject({ id: sessionId, user_id: userId, title: 'Second question' });
    expect(written.session.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    // The history is what stood before this message: the first question and its (empty, streaming) answer.
    expect(written.history.map((row) => [row.user_prompt, row.ai_response, row.status])).toEqual([
      ['First question', null, 'complete'],
      [null, '', 'streaming'],
    ]);
    expect(written.history[0]!.created_at).toBeInstanceOf(Date);
    expect(written.history[1]!.created_at.getTime()).toBeGreaterThanOrEqual(written.history[0]!.created_at.getTime());
    const rows = await rowsOf(sessionId);
    expect(rows.map((row) => row.id).slice(2)).toEqual([written.userMessageId, written.aiMessageId]);
    expect(rows.slice(2).map((row) => [row.user_prompt, row.ai_response, row.status])).toEqual([
      ['Second question?', null, 'complete'],
      [null, '', 'streaming'],
    ]);
    expect(await counterOf(userId)).toBe(2);
    // A title is kept once it has one; only the newest rows are read back.
    const third = await sessions.continueWithMessage({ userId, sessionId, autoTitle: 'Another title', text: 'Third?', day: DAY, limit: 10 }, 3);
    if (!third || third === 'not-found') throw new Error('not written');
    expect(third.session.title).toBe('Second question');
    expect(third.history.map((row) => row.user_prompt ?? row.ai_response)).toEqual(['', 'Second question?', '']);
  });

  it('counts and writes nothing for a conversation that is not the caller’s, or no longer exists', async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const sessionId = await conversation(owner);
    expect(await sessions.continueWithMessage({ userId: stranger, sessionId, autoTitle: null, text: 'Let me in', day: DAY, limit: null }, 20)).toBe('not-found');
    expect(await sessions.continueWithMessage({ userId: owner, sessionId: randomUUID(), autoTitle: null, text: 'Nowhere', day: DAY, limit: null }, 20)).toBe('not-found');
    expect(await counterOf(stranger)).toBe(0);
    expect(await counterOf(owner)).toBe(1);
    expect(await rowsOf(sessionId)).toHaveLength(2);
  });

  it('writes nothing when the day is used up, and takes exactly the allowance left from concurrent sends', async () => {
    const userId = randomUUID();
    const sessionId = await conversation(userId); // 1 of 5 used
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sessions.continueWithMessage({ userId, sessionId, autoTitle: null, text: `Message ${i}`, day: DAY, limit: 5 }, 20)),
    );
    const accepted = results.filter((r) => r !== undefined && r !== 'not-found');
    expect(accepted).toHaveLength(4);
    expect(results.filter((r) => r === undefined)).toHaveLength(8);
    expect(accepted.map((r) => r.used).sort()).toEqual([2, 3, 4, 5]);
    expect(await counterOf(userId)).toBe(5);
    expect(await rowsOf(sessionId)).toHaveLength(2 + 4 * 2);
    expect(await sessions.continueWithMessage({ userId, sessionId, autoTitle: null, text: 'One more', day: DAY, limit: 5 }, 20)).toBeUndefined();
    expect(await sessions.continueWithMessage({ userId, sessionId, autoTitle: null, text: 'Unknown plan', day: DAY, limit: 0 }, 20)).toBeUndefined();
    expect(await rowsOf(sessionId)).toHaveLength(10);
  });

  it('reads each concurrent send’s history under the conversation’s lock: every message before it, its own pair contiguous', async () => {
    const userId = randomUUID();
    const sessionId = await conversation(userId);
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sessions.continueWithMessage({ userId, sessionId, autoTitle: null, text: `Concurrent ${i}`, day: DAY, limit: null }, 100)),
    );
    const rows = await rowsOf(sessionId);
    expect(rows).toHaveLength(2 + 20 * 2);
    // Bubbles alternate: each person's bubble is followed by its own answer bubble.
    for (let i = 0; i < rows.length; i += 2) {
      expect(rows[i]!.user_prompt).not.toBeNull();
      expect(rows[i + 1]!.ai_response).toBe('');
    }
    for (const written of sent) {
      if (!written || written === 'not-found') throw new Error('not written');
      const position = rows.findIndex((row) => row.id === written.userMessageId);
      expect(rows[position + 1]!.id).toBe(written.aiMessageId);
      // Exactly the rows written before it, none missed while it waited for the lock, none after it.
      expect(written.history.map((row) => row.id)).toEqual(rows.slice(0, position).map((row) => row.id));
    }
    expect(await counterOf(userId)).toBe(21);
  });

  it('writes a batch in order of arrival: each account takes all its uses, a later message sees an earlier one of its batch', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const [a1, a2, b1] = [await conversation(a), await conversation(a), await conversation(b)];
    const message = (userId: string, sessionId: string, text: string, limit: number | null = null) => ({ userId, sessionId, autoTitle: null, text, day: DAY, limit });
    const { counts, results } = await sessions.continueAllWithMessages(
      [message(a, a1, 'a1 first'), message(b, b1, 'b1 first', 10), message(a, a1, 'a1 second'), message(a, a2, 'a2 first')],
      20,
    );
    expect(Object.fromEntries(counts)).toEqual({ [`${a} ${DAY}`]: 5, [`${b} ${DAY}`]: 2 });
    expect(results.map((r) => r.session.id)).toEqual([a1, b1, a1, a2]);
    // The second message to a1 was written after the first, and read it as history.
    expect(results[2]!.history.map((row) => row.id).slice(-2)).toEqual([results[0]!.userMessageId, results[0]!.aiMessageId]);
    expect(results[0]!.history).toHaveLength(2);
    const rows = await rowsOf(a1);
    expect(rows.map((row) => row.user_prompt ?? row.ai_response)).toEqual(['First question', '', 'a1 first', '', 'a1 second', '']);
    expect(await counterOf(a)).toBe(5);
    expect(await counterOf(b)).toBe(2);
  });

  it('refuses a whole account whose messages do not all fit, writing none of them, and writes the others', async () => {
    const [full, other] = [randomUUID(), randomUUID()];
    const [fullConversation, otherConversation] = [await conversation(full), await conversation(other)]; // 1 used each
    const message = (userId: string, sessionId: string, text: string, limit: number | null) => ({ userId, sessionId, autoTitle: null, text, day: DAY, limit });
    const { counts, results } = await sessions.continueAllWithMessages(
      [message(full, fullConversation, 'one', 2), message(other, otherConversation, 'fits', 2), message(full, fullConversation, 'two', 2)],
      20,
    );
    expect(Object.fromEntries(counts)).toEqual({ [`${other} ${DAY}`]: 2 });
    expect(results[1]!.session.id).toBe(otherConversation);
    expect(results[0]).toBeUndefined();
    expect(results[2]).toBeUndefined();
    expect(await counterOf(full)).toBe(1);
    expect(await rowsOf(fullConversation)).toHaveLength(2);
    expect(await rowsOf(otherConversation)).toHaveLength(4);
  });

  it('writes nothing of a batch in which a conversation is not its caller’s', async () => {
    const [owner, stranger] = [randomUUID(), randomUUID()];
    const mine = await conversation(owner);
    const theirs = await conversation(stranger);
    const message = (userId: string, sessionId: string) => ({ userId, sessionId, autoTitle: null, text: 'hello', day: DAY, limit: null });
    await expect(sessions.continueAllWithMessages([message(owner, mine), message(owner, theirs)], 20)).rejects.toMatchObject({ code: 'P0002' });
    expect(await counterOf(owner)).toBe(1);
    expect(await rowsOf(mine)).toHaveLength(2);
    expect(await rowsOf(theirs)).toHaveLength(2);
  });
});

describe.each(targets)('a Free account’s burst into one conversation on $kind', (target) => {
  const ctx = appForSuite(() => startChat(target, { IDENTITY_URL: identity.url }));

  it('accepts exactly the 9 messages left of 30 sent at once, stores exactly those, and answers 404 for another account', async () => {
    const token = await identity.tokenFor('user');
    const send = (payload: object, who = token) => ctx.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(who), payload: { time_zone: 'UTC', ...payload } });
    const first = await send({ message: 'What is redlining?' });
    expect(first.statusCode).toBe(200);
    const sessionId = first.json().session_id as string;
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => send({ message: `Follow-up ${i}`, session_id: sessionId })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(9);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(21);
    expect(refused[0]!.json().error.code).toBe('MESSAGE_LIMIT_EXCEEDED');
    const stored = await ctx.database.db.selectFrom('messages').select('user_prompt').where('session_id', '=', sessionId).where('user_prompt', 'is not', null).execute();
    expect(stored).toHaveLength(10);
    const other = await send({ message: 'Not mine', session_id: sessionId }, await identity.tokenFor('user'));
    expect(other.statusCode).toBe(404);
  }, 60_000);

  it('accepts 40 messages sent at once to 4 conversations on an unlimited plan, each answered and stored in order', async () => {
    const gold = await startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Gold' });
    try {
      const token = await identity.tokenFor('user');
      const send = (payload: object) => gold.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(token), payload: { time_zone: 'UTC', ...payload } });
      const conversations: string[] = [];
      for (let i = 0; i < 4; i++) conversations.push((await send({ message: `Conversation ${i}` })).json().session_id);
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => send({ message: `Burst ${i}`, session_id: conversations[i % 4] })));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
      expect(new Set(responses.map((r) => r.json().ai_message_id)).size).toBe(40);
      for (const id of conversations) {
        const rows = await gold.database.db.selectFrom('messages').select(['user_prompt', 'status']).where('session_id', '=', id).orderBy('created_at').orderBy('seq').execute();
        expect(rows).toHaveLength(22);
        rows.forEach((row, i) => expect(row.user_prompt === null).toBe(i % 2 === 1));
        expect(rows.filter((row) => row.status === 'complete')).toHaveLength(22);
      }
      expect((await gold.app.inject({ url: '/api/chat/usage?time_zone=UTC', headers: bearer(token) })).json().usage.messages_today).toBe(44);
      // Streamed, each message's meta event shows its own count, one apart, also within a batch.
      const streamed = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          gold.app.inject({
            method: 'POST',
            url: '/api/chat/stream',
            headers: { ...bearer(token), accept: 'text/event-stream' },
            payload: { message: `Streamed ${i}`, session_id: conversations[i % 4], time_zone: 'UTC' },
          }),
        ),
      );
      const counts = streamed.map((r) => eventsOf(r.body).find((e) => e.event === 'meta')!.data.usage.messages_today as number);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 45 + i));
    } finally {
      await gold.app.close();
      await gold.database.destroy();
    }
  }, 60_000);
});
