// "Download your data", the chat's part: the internal route gives everything the chat holds about one account
// (conversations with their messages in order, Keisha's answers included, and the daily counters), nothing of anyone
// else's, empty lists for an account it never saw, nothing without the internal token, and nothing after the
// erasure; an answer cut short is given as kept. Data is made through the public routes, as readers make it.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { internalAccountErasurePath, internalAccountExportPath } from '@keisha/contracts/chat';
import { ACCOUNT_EXPORT_STREAM_TYPE, accountExportLine, accountExportPart } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import { appForSuite, databaseTargets, identityForFile, type TestSession } from '@keisha/service-kit/testing';
import { CONVERSATIONS_PAGE } from '../src/db/repositories/account-export.ts';
import { startFakeOpenAi } from './fake-openai.ts';
import { bearer, deltaText, eventsOf, startChat } from './helpers.ts';

const INTERNAL = 'chat-export-internal-token-0123456789abcdef';
const targets = await databaseTargets();
const identity = await identityForFile({ INTERNAL_API_TOKEN: INTERNAL });
const TIME_ZONE = 'America/New_York';
const internal = { [INTERNAL_TOKEN_HEADER]: INTERNAL };
// A model of our own that can break off mid-answer, for an answer kept as it was when it ended early.
const model = await startFakeOpenAi();
afterAll(() => model.close());

describe.each(targets)('an account’s chat, exported on $kind', (target) => {
  const ctx = appForSuite(() => startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Free', INTERNAL_API_TOKEN: INTERNAL }));

  const exportOf = (userId: string, headers: Record<string, string> = internal) => ctx.app.inject({ url: internalAccountExportPath(userId), headers });
  const send = (session: TestSession, message: string, sessionId?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/chat', headers: bearer(session.token), payload: { message, time_zone: TIME_ZONE, ...(sessionId ? { session_id: sessionId } : {}) } });

  /** A reader whose conversation holds `questions`, each answered, and a second, empty conversation. */
  async function readerAsking(questions: string[]): Promise<{ session: TestSession; conversationId: string }> {
    const session = await identity.signIn('user');
    let conversationId: string | undefined;
    for (const question of questions) {
      const answered = await send(session, question, conversationId);
      expect(answered.statusCode).toBe(200);
      conversationId = answered.json().session_id;
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(session.token), payload: { title: 'For later' } });
    expect(empty.statusCode).toBe(201);
    return { session, conversationId: conversationId! };
  }

  it('gives the conversations with every message in order, the counters, and nothing of another reader’s', async () => {
    const reader = await readerAsking(['What is redlining?', 'Who wrote The Color of Law?']);
    const other = await readerAsking(['What is a sundown town?']);

    const answer = await exportOf(reader.session.userId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { data } = accountExportPart.parse(answer.json());
    expect(data.conversations!.map((c) => c.title)).toEqual([expect.any(String), 'For later']);
    const [asked, empty] = data.conversations!;
    expect(asked!.id).toBe(reader.conversationId);
    expect(empty!.messages).toEqual([]);

    // The conversation as the page shows it, message for message.
    const shown = (await ctx.app.inject({ url: `/api/chat/sessions/${reader.conversationId}/messages`, headers: bearer(reader.session.token) })).json().messages;
    const messages = asked!.messages as Array<{ from: string; text: string; status: string }>;
    expect(messages.map((m) => m.from)).toEqual(['you', 'Keisha', 'you', 'Keisha']);
    expect(messages.map((m) => m.text)).toEqual(shown.map((m: { text: string }) => m.text));
    expect(messages[0]!.text).toBe('What is redlining?');
    expect(messages[1]!.text.length).toBeGreaterThan(20);
    expect(messages.every((m) => m.status === 'complete')).toBe(true);

    expect(data.usage_counters).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), used: 2 }]);
    expect(data.reader_days).toEqual([expect.objectContaining({ time_zone: TIME_ZONE })]);
    for (const absent of ['sundown town', other.session.userId, other.conversationId, INTERNAL, 'stream_instance', 'lease_until']) {
      expect(answer.body, absent).not.toContain(absent);
    }
    // An upper-case id is the same account.
    expect(accountExportPart.parse((await exportOf(reader.session.userId.toUpperCase())).json()).data).toEqual(data);
  });

  it('streams the conversations a page at a time when asked for lines, each with its messages, and its counts last', async () => {
    const reader = await readerAsking(['What is redlining?']);
    for (let i = 0; i < CONVERSATIONS_PAGE * 2 + 1; i++) {
      const made = await ctx.app.inject({ method: 'POST', url: '/api/chat/sessions', headers: bearer(reader.session.token), payload: { title: `Notes ${i}` } });
      expect(made.statusCode).toBe(201);
    }
    const whole = accountExportPart.parse((await exportOf(reader.session.userId)).json()).data;
    expect(whole.conversations).toHaveLength(CONVERSATIONS_PAGE * 2 + 3);
    const streamed = await exportOf(reader.session.userId, { ...internal, accept: ACCOUNT_EXPORT_STREAM_TYPE });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe(ACCOUNT_EXPORT_STREAM_TYPE);
    const lines = streamed.body.trimEnd().split('\n').map((line) => accountExportLine.parse(JSON.parse(line)));
    const pages = lines.filter((line) => 'kind' in line);
    expect(pages.map((line) => [line.kind, line.rows.length])).toEqual([
      ['conversations', CONVERSATIONS_PAGE],
      ['conversations', CONVERSATIONS_PAGE],
      ['conversations', 3],
      ['usage_counters', 1],
      ['reader_days', 1],
    ]);
    expect(lines.at(-1)).toEqual({ end: true, counts: { conversations: CONVERSATIONS_PAGE * 2 + 3, usage_counters: 1, reader_days: 1 } });
    const rebuilt = Object.fromEntries(['conversations', 'usage_counters', 'reader_days'].map((kind) => [kind, pages.filter((line) => line.kind === kind).flatMap((line) => line.rows)]));
    expect(rebuilt).toEqual(whole);
    expect((pages[0]!.rows[0]!.messages as unknown[]).length).toBe(2);
  });

  it('answers empty lists for an account it never saw, and after the erasure', async () => {
    const reader = await readerAsking(['What is redlining?']);
    expect((await ctx.app.inject({ method: 'DELETE', url: internalAccountErasurePath(reader.session.userId), headers: internal })).statusCode).toBe(200);
    for (const userId of [reader.session.userId, randomUUID()]) {
      const answer = await exportOf(userId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ success: true, data: { conversations: [], usage_counters: [], reader_days: [] } });
    }
  });

  it('is for our services only, and refuses what is not an account id', async () => {
    const reader = await readerAsking(['What is redlining?']);
    const strangers: Array<Record<string, string>> = [{}, { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, bearer(reader.session.token)];
    for (const headers of strangers) {
      const refused = await exportOf(reader.session.userId, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    }
    for (const id of ['not-a-uuid', '1 OR 1=1', `${reader.session.userId}x`]) {
      expect((await exportOf(id)).statusCode).toBe(400);
    }
  });
});

// An answer that ended early is the reader's too: the file holds it as the conversation keeps it, its partial text,
// its status and the note saying why, not dropped nor tidied into a complete one.
describe.each(targets)('an answer cut short, exported as kept, on $kind', (target) => {
  const ctx = appForSuite(() =>
    startChat(target, {
      IDENTITY_URL: identity.url,
      DEFAULT_CHAT_TIER: 'Free',
      INTERNAL_API_TOKEN: INTERNAL,
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'test-key',
      // Generous, so a busy machine cannot turn the model's answer into a timeout.
      CHAT_FIRST_TOKEN_TIMEOUT_MS: '10000',
      CHAT_IDLE_TIMEOUT_MS: '10000',
    }),
  );

  it('gives the partial text, its status and its note', async () => {
    model.reset();
    model.mode = 'error-mid-stream';
    const session = await identity.signIn('user');
    const streamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: { ...bearer(session.token), accept: 'text/event-stream' },
      payload: { message: 'What is racial bias in AI systems?', time_zone: TIME_ZONE },
    });
    const events = eventsOf(streamed.body);
    expect(events.some((e) => e.event === 'error'), streamed.body).toBe(true);
    const partial = deltaText(events);
    expect(partial.length).toBeGreaterThan(0);

    const { data } = accountExportPart.parse((await ctx.app.inject({ url: internalAccountExportPath(session.userId), headers: internal })).json());
    const [conversation] = data.conversations!;
    const messages = conversation!.messages as Array<{ from: string; text: string; status: string; notes: string[] }>;
    expect(messages.map((m) => [m.from, m.status])).toEqual([
      ['you', 'complete'],
      ['Keisha', 'failed'],
    ]);
    expect(messages[1]!.text).toBe(partial);
    expect(messages[1]!.notes.join(' ')).toContain('it reported an error');
  });
});
