// Issue 29, item 3: what a person who went away is charged, over real HTTP with real aborts. The chat listens on a
// port and answers from a fake OpenAI-compatible model that streams slowly; the client reads the stream's first
// bytes (or most of the answer) and aborts the request. Before the fix, 20 streams aborted after their first bytes
// spent all 10 of a free day's messages. The rule: domain/quota/charge.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '@keisha/service-kit/testing';
import { createEventParser } from '../src/domain/sse.ts';
import { STOPPED_ANSWER_CHARGED_FROM_CHARS } from '../src/domain/quota/charge.ts';
import { bearer, eventually, identityAndModelForSuite, identityDatabaseFor, startChat, subjectOf } from './helpers.ts';

const targets = await databaseTargets();
const identityDatabase = identityDatabaseFor(targets, 'stopped');

describe.each(targets)('answers the person stopped or left, on $kind', (target) => {
  const peers = identityAndModelForSuite(identityDatabase, target);
  let ctx: Awaited<ReturnType<typeof startChat>>;
  let url: string;
  let token = '';

  beforeAll(async () => {
    ctx = await startChat(target, {
      IDENTITY_URL: peers.identity.url,
      OPENAI_BASE_URL: peers.fake.url,
      OPENAI_API_KEY: 'test-key',
      CHAT_HEARTBEAT_MS: '1000',
      CHAT_FIRST_TOKEN_TIMEOUT_MS: '20000',
      CHAT_IDLE_TIMEOUT_MS: '20000',
    });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.database.destroy();
  });
  beforeEach(async () => {
    peers.fake.reset();
    peers.fake.answer = 'word '.repeat(600).trim(); // 2,999 characters, a word a chunk
    peers.fake.chunkDelayMs = 15;
    await ctx.database.truncateAll();
    token = await peers.identity.tokenFor('user');
  });

  const usage = async () => ((await (await fetch(`${url}/api/chat/usage`, { headers: bearer(token) })).json()) as { usage: { messages_today: number } }).usage.messages_today;
  const answersOf = () =>
    ctx.database.db
      .selectFrom('messages as m')
      .innerJoin('chat_sessions as s', 's.id', 'm.session_id')
      .select(['m.status', 'm.ai_response'])
      .where('s.user_id', '=', subjectOf(token))
      .where('m.user_prompt', 'is', null)
      .execute();

  /** Sends a message on the stream, reads until `enough` says so (or the stream ends), aborts; what it read. */
  async function streamAndLeave(enough: (read: { bytes: number; text: string }) => boolean): Promise<{ status: number; text: string; ended: boolean }> {
    const controller = new AbortController();
    const response = await fetch(`${url}/api/chat/stream`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'Tell me about facial recognition bias.', time_zone: 'UTC' }),
      signal: controller.signal,
    });
    if (response.status !== 200) return { status: response.status, text: '', ended: true };
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const parse = createEventParser();
    const read = { bytes: 0, text: '' };
    let ended = false;
    while (!enough(read)) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      read.bytes += value.byteLength;
      for (const event of parse(decoder.decode(value, { stream: true }))) {
        if (event.event === 'delta') read.text += (JSON.parse(event.data) as { text: string }).text;
        if (event.event === 'done') ended = true;
      }
    }
    controller.abort();
    await reader.cancel().catch(() => {});
    return { status: 200, text: read.text, ended };
  }

  const settled = () => eventually(async () => ((await answersOf()).some((a) => a.status === 'streaming') ? undefined : true), 20_000);

  it('charges nothing for 20 streams aborted after their first bytes, in two waves of 10; the day’s 10 messages are all still there', async () => {
    // Two waves of 10 at once (a message is counted while its answer streams, and given back when it ends).
    for (let wave = 0; wave < 2; wave++) {
      const left = await Promise.all(Array.from({ length: 10 }, () => streamAndLeave((read) => read.bytes > 0)));
      // Each was accepted (none refused by the day's limit) and left before its answer ended.
      expect(left.map((l) => l.status)).toEqual(left.map(() => 200));
      expect(left.every((l) => !l.ended)).toBe(true);
      await settled();
    }
    expect(await usage()).toBe(0);
    const answers = await answersOf();
    expect(answers).toHaveLength(20);
    // The partial answers are kept, marked stopped.
    expect(answers.every((a) => a.status === 'stopped' && a.ai_response.length < STOPPED_ANSWER_CHARGED_FROM_CHARS)).toBe(true);
    peers.fake.chunkDelayMs = 0;
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await streamAndLeave(() => false)).status);
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 200), 429]);
    expect(await usage()).toBe(10);
  }, 120_000);

  it('charges a stream the person left after most of a typical answer, exactly once, and one that completed', async () => {
    const stopped = await streamAndLeave((read) => read.text.length >= STOPPED_ANSWER_CHARGED_FROM_CHARS);
    expect(stopped.ended).toBe(false);
    await settled();
    expect(await answersOf()).toMatchObject([{ status: 'stopped' }]);
    expect(await usage()).toBe(1);
    peers.fake.chunkDelayMs = 0;
    const complete = await streamAndLeave(() => false);
    expect(complete.ended).toBe(true);
    await settled();
    expect(await usage()).toBe(2);
  }, 120_000);

  it('charges nothing when the person leaves the JSON route before its answer', async () => {
    const controller = new AbortController();
    const pending = fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tell me about facial recognition bias.' }),
      signal: controller.signal,
    }).catch(() => 'aborted');
    await eventually(async () => ((peers.fake.requests[0]?.chunksSent ?? 0) >= 150 ? true : undefined), 20_000); // 750 characters made, none sent
    controller.abort();
    expect(await pending).toBe('aborted');
    await eventually(async () => ((await answersOf())[0]?.status === 'stopped' ? true : undefined), 20_000);
    await sleep(100);
    expect(await usage()).toBe(0);
  }, 120_000);
});
