import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile, closeTestApps } from '@keisha/service-kit/testing';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { AnswerInterrupted, type AnswerEngine } from '../src/plugins/answer-engine.ts';
import { bearer, eventsOf, startChat, subjectOf } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('the daily message limit on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startChat>>;

  beforeAll(async () => {
    ctx = await startChat(target, { IDENTITY_URL: identity.url });
  });
  afterAll(() => closeTestApps(ctx));
  beforeEach(async () => {
    await ctx.database.truncateAll();
  });

  const send = (app: typeof ctx.app, token: string, payload: object = { message: 'What is racial bias in AI systems?', time_zone: 'UTC' }) =>
    app.inject({ method: 'POST', url: '/api/chat', headers: bearer(token), payload });
  const usageOf = async (app: typeof ctx.app, token: string, timeZone = 'UTC') =>
    (await app.inject({ url: `/api/chat/usage?time_zone=${encodeURIComponent(timeZone)}`, headers: bearer(token) })).json().usage;

  it('gives a Free user at most 10 messages a day whatever time zones the requests name', async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on different dates: each request names a new "day".
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Asia/Tokyo', 'America/Chicago'];
    const token = await identity.tokenFor('user');
    const statuses = [];
    for (let i = 0; i < 25; i++) statuses.push((await send(ctx.app, token, { message: `Question ${i} about bias?`, time_zone: zones[i % zones.length] })).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    for (const zone of zones) expect(await usageOf(ctx.app, token, zone)).toMatchObject({ messages_today: 10, remaining: 0, limit_reached: true });
  }, 60_000);

  it('accepts exactly 10 of 50 parallel messages from a Free user, and refuses the rest with the paywall code', async () => {
    const token = await identity.tokenFor('user');
    const responses = await Promise.all(Array.from({ length: 50 }, () => send(ctx.app, token)));
    const accepted = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.json()).toEqual({
      success: false,
      error: { code: 'MESSAGE_LIMIT_EXCEEDED', message: CHAT_TEXT.messageLimit },
      usage: expect.objectContaining({ plan: 'Free', messages_today: 10, daily_limit: 10, remaining: 0, limit_reached: true, unlimited: false }),
    });
    // Each answer reports the count when it finished (other sends may have been counted meanwhile).
    for (const response of accepted) expect(response.json().usage.messages_today).toBeGreaterThanOrEqual(1);
    for (const response of accepted) expect(response.json().usage.messages_today).toBeLessThanOrEqual(10);
    expect(await usageOf(ctx.app, token)).toMatchObject({ messages_today: 10, daily_limit: 10, remaining: 0, limit_reached: true });
    // Refused messages were not saved.
    expect(await ctx.database.db.selectFrom('messages').select('id').where('user_prompt', 'is not', null).execute()).toHaveLength(10);
    // The stream refuses the 11th the same way, before any event.
    const streamed = await ctx.app.inject({ method: 'POST', url: '/api/chat/stream', headers: { ...bearer(token), accept: 'text/event-stream' }, payload: { message: 'one more' } });
    expect(streamed.statusCode).toBe(429);
    expect(streamed.json().error.code).toBe('MESSAGE_LIMIT_EXCEEDED');
  }, 60_000);

  it('counts neither a blank message of invisible characters nor its stream for a Free user, and counts an emoji', async () => {
    const token = await identity.tokenFor('user');
    for (const message of ['\u200b\u200b\u200b', '\u202e', ' \ufeff\u200d\u2060 ', '\u2800']) {
      for (const url of ['/api/chat', '/api/chat/stream']) {
        const response = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: { message, time_zone: 'UTC' } });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(CHAT_TEXT.blankMessage);
      }
    }
    expect(await usageOf(ctx.app, token)).toMatchObject({ messages_today: 0, remaining: 10 });
    expect(await ctx.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
    const emoji = await send(ctx.app, token, { message: '\u{1F642}', time_zone: 'UTC' });
    expect(emoji.statusCode).toBe(200);
    expect(await usageOf(ctx.app, token)).toMatchObject({ messages_today: 1, remaining: 9 });
  });

  it('counts the day in the time zone of its first message and resets it at that midnight; another zone opens no new day', async () => {
    const token = await identity.tokenFor('user');
    // UTC+14 and UTC-11 are 25 hours apart: never the same calendar day.
    await send(ctx.app, token, { message: 'Hello from Kiritimati', time_zone: 'Pacific/Kiritimati' });
    const there = await usageOf(ctx.app, token, 'Pacific/Kiritimati');
    expect(there).toMatchObject({ messages_today: 1, remaining: 9, time_zone: 'Pacific/Kiritimati' });
    expect(new Date(there.resets_at).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(there.resets_at).getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(await usageOf(ctx.app, token, 'Pacific/Pago_Pago')).toMatchObject({ messages_today: 1, time_zone: 'Pacific/Kiritimati', resets_at: there.resets_at });
    expect((await ctx.app.inject({ url: '/api/chat/usage?time_zone=Mars/Base', headers: bearer(token) })).statusCode).toBe(400);
  });

  it('does not use up a message when the answer fails', async () => {
    const failing: AnswerEngine = async function* () {
      yield { type: 'start', engine: 'llm', sources: [], notes: [] };
      yield { type: 'delta', text: 'Half an ans' };
      throw new AnswerInterrupted('the model broke off');
    };
    const broken = await startChat(target, { IDENTITY_URL: identity.url }, { engine: failing });
    try {
      const token = await identity.tokenFor('user');
      for (let i = 0; i < 12; i++) expect((await send(broken.app, token)).statusCode).toBe(503);
      expect((await usageOf(broken.app, token)).messages_today).toBe(0);
      const streamed = eventsOf(
        (await broken.app.inject({ method: 'POST', url: '/api/chat/stream', headers: bearer(token), payload: { message: 'again' } })).body,
      );
      expect(streamed.at(-1)).toMatchObject({ event: 'error', data: { code: 'AI_REPLY_FAILED', reason: 'the model broke off', usage: { messages_today: 0 } } });
    } finally {
      await broken.app.close();
      await broken.database.destroy();
    }
  });

  it('lets Starter, Pro and Gold send without a daily limit', async () => {
    for (const tier of ['Starter', 'Pro', 'Gold']) {
      const paid = await startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: tier.toLowerCase() });
      try {
        const token = await identity.tokenFor('user');
        const responses = await Promise.all(Array.from({ length: 12 }, () => send(paid.app, token)));
        expect(responses.every((r) => r.statusCode === 200)).toBe(true);
        expect(await usageOf(paid.app, token)).toMatchObject({ plan: tier, messages_today: 12, daily_limit: null, remaining: null, unlimited: true, limit_reached: false });
      } finally {
        await paid.app.close();
        await paid.database.destroy();
      }
    }
  });

  it('reports today’s messages per account to administrators only', async () => {
    const token = await identity.tokenFor('user');
    await send(ctx.app, token);
    await send(ctx.app, token);
    const me = subjectOf(token);
    const nobody = crypto.randomUUID();
    const url = `/api/chat/admin/usage?user_ids=${me},${nobody}`;
    expect((await ctx.app.inject({ url, headers: bearer(token) })).statusCode).toBe(403);
    const admin = await ctx.app.inject({ url, headers: bearer(await identity.tokenFor('admin')) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ success: true, usage: { [me]: { chat_today: 2 }, [nobody]: { chat_today: 0 } } });
    const bad = await ctx.app.inject({ url: '/api/chat/admin/usage?user_ids=x', headers: bearer(await identity.tokenFor('admin')) });
    expect(bad.statusCode).toBe(400);
  });
});
