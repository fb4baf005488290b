// New conversations written together (group commit): the daily limit stays exact when many first
// messages are counted and written in one statement, on PGlite and PostgreSQL, in the repository and
// through the routes with a burst of 100 messages from one account.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile, databaseForSuite } from '@keisha/service-kit/testing';
import { writeCounted } from '@keisha/service-kit';
import type { ChatDatabase } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { counterKey, sessionsRepository, type ConversationStart, type StartedConversation } from '../src/db/repositories/sessions.ts';
import { bearer, eventsOf, startChat, subjectOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();
const DAY = '2026-11-25';

const start = (userId: string, limit: number | null, text = `It's a "quoted" \\ text, {with} braces ${randomUUID()}`): ConversationStart => ({
  userId,
  title: text.slice(0, 60),
  text,
  day: DAY,
  limit,
});

describe.each(targets)('new conversations written together on $kind', (target) => {
  const database = databaseForSuite<ChatDatabase>(target, migrations);
  let sessions: ReturnType<typeof sessionsRepository>;
  // The same writer the reply service uses, without its scheduling: one call is one batch.
  let writeBatch: (starts: ConversationStart[]) => ReturnType<typeof writeCounted<ConversationStart, StartedConversation>>;

  beforeAll(async () => {
    sessions = sessionsRepository(database.db);
    writeBatch = (starts) =>
      writeCounted(
        {
          counterOf: (s) => counterKey(s.userId, s.day),
          limitOf: (s) => s.limit,
          writeAll: (batch) => sessions.startAllWithMessages(batch),
          writeOne: async (s) => {
            const one = await sessions.startWithMessage(s.userId, s.title, s.text, { day: s.day, limit: s.limit });
            return one && { used: one.used, value: one };
          },
        },
        starts,
      );
  });

  const counterOf = async (userId: string) =>
    (await database.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', userId).executeTakeFirst())?.used;
  const rowsOf = async (userId: string) =>
    database.db
      .selectFrom('messages')
      .innerJoin('chat_sessions', 'chat_sessions.id', 'messages.session_id')
      .select(['messages.id', 'messages.session_id', 'messages.user_prompt', 'messages.ai_response', 'messages.status', 'messages.seq', 'messages.created_at', 'chat_sessions.title'])
      .where('chat_sessions.user_id', '=', userId)
      .orderBy('messages.seq')
      .execute();

  it('gives each account exactly its allowance when its first messages come in one batch, and stores each with its answer bubble', async () => {
    const limited = [randomUUID(), randomUUID()];
    const unlimited = randomUUID();
    const batch = [...limited.flatMap((id) => Array.from({ length: 4 }, () => start(id, 4))), ...Array.from({ length: 6 }, () => start(unlimited, null))];
    const results = await writeBatch(batch);
    for (const id of [...limited, unlimited]) {
      const mine = results.map((r, i) => ({ r, s: batch[i]! })).filter(({ s }) => s.userId === id);
      expect(mine.map(({ r }) => (r instanceof Error ? r : r?.used))).toEqual(mine.map((_, i) => i + 1));
      expect(await counterOf(id)).toBe(mine.length);
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(2 * mine.length);
      for (const { r, s } of mine) {
        const { session, userMessageId, aiMessageId } = (r as { value: StartedConversation }).value;
        expect(session).toMatchObject({ user_id: id, title: s.title });
        const pair = rows.filter((row) => row.session_id === session.id);
        // The person's bubble, then Keisha's empty one, streaming.
        expect(pair.map((row) => [row.id, row.user_prompt, row.ai_response, row.status])).toEqual([
          [userMessageId, s.text, null, 'complete'],
          [aiMessageId, null, '', 'streaming'],
        ]);
        expect(pair[1]!.created_at.getTime()).toBeGreaterThanOrEqual(pair[0]!.created_at.getTime());
      }
    }
  });

  it('refuses exactly the messages past the limit, in order of arrival, and stores nothing of them', async () => {
    const nearlyFull = randomUUID();
    const crowded = randomUUID();
    await database.db.insertInto('chat_usage_counters').values({ user_id: nearlyFull, day: DAY, used: 8 }).execute();
    const batch = [start(nearlyFull, 10), ...Array.from({ length: 14 }, () => start(crowded, 10)), start(nearlyFull, 10), start(nearlyFull, 10)];
    const used = (await writeBatch(batch)).map((r) => (r instanceof Error ? r : r?.used));
    expect(used.filter((_, i) => batch[i]!.userId === nearlyFull)).toEqual([9, 10, undefined]);
    expect(used.filter((_, i) => batch[i]!.userId === crowded)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, undefined, undefined, undefined, undefined]);
    expect(await counterOf(nearlyFull)).toBe(10);
    expect(await counterOf(crowded)).toBe(10);
    expect(await rowsOf(nearlyFull)).toHaveLength(4);
    expect(await rowsOf(crowded)).toHaveLength(20);
  });

  it('fails only the message that cannot be stored, without counting it', async () => {
    const good = randomUUID();
    const other = randomUUID();
    // A NUL cannot be stored in a text column: the shared statement fails, then each start is tried alone.
    const batch = [start(good, 10), start(other, 10, 'bad \u0000 text'), start(good, 10)];
    const results = await writeBatch(batch);
    expect(results[0]).toMatchObject({ used: 1 });
    expect(results[1]).toBeInstanceOf(Error);
    expect(results[2]).toMatchObject({ used: 2 });
    expect(await counterOf(good)).toBe(2);
    expect(await counterOf(other)).toBeUndefined();
  });
});

describe.each(targets)('a burst of 100 messages from one account on $kind', (target) => {
  const stream = (app: Awaited<ReturnType<typeof startChat>>['app'], token: string, i: number) =>
    app.inject({ method: 'POST', url: '/api/chat/stream', headers: { ...bearer(token), accept: 'text/event-stream' }, payload: { message: `Burst question ${i}?`, time_zone: 'UTC' } });

  it('accepts exactly 10 of 100 concurrent messages on the Free plan, and stores exactly those', async () => {
    const ctx = await startChat(target, { IDENTITY_URL: identity.url });
    try {
      const token = await identity.tokenFor('user');
      const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => stream(ctx.app, token, i)));
      const accepted = responses.filter((r) => r.statusCode === 200);
      expect(accepted).toHaveLength(10);
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(90);
      // Each accepted message got its own place in the day: 1 to 10, once each.
      const counts = accepted.map((r) => eventsOf(r.body).find((e) => e.event === 'meta')!.data.usage.messages_today as number);
      expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const counter = await ctx.database.db.selectFrom('chat_usage_counters').select('used').where('user_id', '=', subjectOf(token)).execute();
      expect(counter.map((row) => row.used)).toEqual([10]);
      expect(await ctx.database.db.selectFrom('chat_sessions').select('id').execute()).toHaveLength(10);
      expect(await ctx.database.db.selectFrom('messages').select('id').where('user_prompt', 'is not', null).execute()).toHaveLength(10);
    } finally {
      await ctx.app.close();
      await ctx.database.destroy();
    }
  }, 60_000);

  it('counts and keeps every one of 100 concurrent messages on an unlimited plan, each in its own conversation', async () => {
    const ctx = await startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Gold' });
    try {
      const token = await identity.tokenFor('user');
      const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => stream(ctx.app, token, i)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      const metas = responses.map((r) => eventsOf(r.body).find((e) => e.event === 'meta')!.data);
      expect(metas.map((m) => m.usage.messages_today as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(new Set(metas.map((m) => m.session_id)).size).toBe(100);
      // Each answer was saved into its own conversation, after its question.
      for (const [i, meta] of metas.entries()) {
        const messages = (await ctx.app.inject({ url: `/api/chat/sessions/${meta.session_id}/messages`, headers: bearer(token) })).json().messages;
        expect(messages.map((m: { id: string; sender: string; status: string }) => [m.id, m.sender, m.status])).toEqual([
          [meta.user_message_id, 'user', 'complete'],
          [meta.ai_message_id, 'ai', 'complete'],
        ]);
        expect(messages[0].text).toBe(`Burst question ${i}?`);
      }
      const usage = (await ctx.app.inject({ url: '/api/chat/usage?time_zone=UTC', headers: bearer(token) })).json().usage;
      expect(usage).toMatchObject({ messages_today: 100, unlimited: true });
    } finally {
      await ctx.app.close();
      await ctx.database.destroy();
    }
  }, 120_000);
});
