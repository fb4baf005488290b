import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, identityForFile, closeTestApps } from '@keisha/service-kit/testing';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { bearer, startChat } from './helpers.ts';

const targets = await databaseTargets();
const identity = await identityForFile();

describe.each(targets)('conversations on $kind', (target) => {
  let ctx: Awaited<ReturnType<typeof startChat>>;
  let token = '';

  beforeAll(async () => {
    ctx = await startChat(target, { IDENTITY_URL: identity.url, DEFAULT_CHAT_TIER: 'Pro' });
  });
  afterAll(() => closeTestApps(ctx));
  beforeEach(async () => {
    await ctx.database.truncateAll();
    token = await identity.tokenFor('user');
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = token) =>
    ctx.app.inject({ method, url, headers: bearer(who), ...(payload === undefined ? {} : { payload }) });
  const send = (message: string, sessionId?: string, who = token) => call('POST', '/api/chat', { message, ...(sessionId ? { session_id: sessionId } : {}) }, who);

  it('creates a conversation with the first message, titles it from that message, and keeps the bubbles in order', async () => {
    const first = await send('  What is   white supremacy as a system?\nI read about it today.  ');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, engine: 'embedded', status: 'complete', usage: { plan: 'Pro', unlimited: true, daily_limit: null } });
    expect(body.response).toContain('offline mode');
    const sessionId = body.session_id;
    const second = await send('And how does it show up in AI?', sessionId);
    expect(second.json().session_id).toBe(sessionId);

    const list = (await call('GET', '/api/chat/sessions')).json();
    expect(list).toMatchObject({ success: true, total: 1, page: 1 });
    expect(list.sessions[0]).toMatchObject({ id: sessionId, title: 'What is white supremacy as a system? I read about it today.' });

    const messages = (await call('GET', `/api/chat/sessions/${sessionId}/messages`)).json();
    expect(messages.session.id).toBe(sessionId);
    expect(messages.messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'ai', 'user', 'ai']);
    expect(messages.messages[0]).toMatchObject({ id: body.user_message_id, text: '  What is   white supremacy as a system?\nI read about it today.  ', status: 'complete' });
    expect(messages.messages[1]).toMatchObject({ id: body.ai_message_id, text: body.response, engine: 'embedded' });
    const times = messages.messages.map((m: { created_at: string }) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('lists conversations by newest activity first, creates, reads, renames and deletes them', async () => {
    const created = await call('POST', '/api/chat/sessions'); // no body at all
    expect(created.statusCode).toBe(201);
    const empty = created.json().session;
    expect(empty.title).toBeNull();
    const older = (await send('First conversation about redlining')).json().session_id;
    const newer = (await send('Second conversation about COMPAS')).json().session_id;
    let ids = (await call('GET', '/api/chat/sessions')).json().sessions.map((s: { id: string }) => s.id);
    expect(ids).toEqual([newer, older, empty.id]);
    await send('Back to redlining', older); // new activity moves it up
    ids = (await call('GET', '/api/chat/sessions')).json().sessions.map((s: { id: string }) => s.id);
    expect(ids).toEqual([older, newer, empty.id]);

    // The first message names an untitled conversation; a later one does not rename it.
    await send('Naming message for the empty one', empty.id);
    expect((await call('GET', `/api/chat/sessions/${empty.id}`)).json().session.title).toBe('Naming message for the empty one');

    const renamed = await call('PATCH', `/api/chat/sessions/${older}`, { title: '  Redlining notes ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().session.title).toBe('Redlining notes');
    await send('Another message after renaming', older);
    expect((await call('GET', `/api/chat/sessions/${older}`)).json().session.title).toBe('Redlining notes');

    const page = (await call('GET', '/api/chat/sessions?page=2&page_size=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.sessions).toHaveLength(1);

    expect((await call('DELETE', `/api/chat/sessions/${older}`)).json()).toEqual({ success: true });
    expect((await call('GET', `/api/chat/sessions/${older}/messages`)).statusCode).toBe(404);
    expect(await ctx.database.db.selectFrom('messages').select('id').where('session_id', '=', older).execute()).toEqual([]);
    expect((await call('DELETE', `/api/chat/sessions/${older}`)).statusCode).toBe(404);
  });

  it('streams in a conversation and answers GET messages with the streamed answer', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/chat/stream',
      headers: { ...bearer(token), accept: 'text/event-stream' },
      payload: { message: 'What counter-racist strategies can I use?' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^event: meta\ndata: /);
    expect(response.body).toContain('event: done');
  });

  it('searches my conversations by title and message text, with wildcards taken literally', async () => {
    const a = (await send('Tell me about predictive policing in Oakland')).json().session_id;
    const b = (await send('What is 100% fair_ness?')).json().session_id;
    const c = (await send('fairXness in 1000 hiring decisions')).json().session_id;
    await call('PATCH', `/api/chat/sessions/${b}`, { title: 'Fairness metrics' });
    const search = async (q: string) => (await call('GET', `/api/chat/search?q=${encodeURIComponent(q)}`)).json();
    const ids = (body: { results: Array<{ session: { id: string } }> }) => body.results.map((r) => r.session.id);

    const oakland = await search('oakland');
    expect(ids(oakland)).toEqual([a]);
    // The newest matching bubble is shown: here Keisha's answer, which cites the Oakland study.
    expect(oakland.results[0]).toMatchObject({ sender: 'ai', message_id: expect.any(String), snippet: expect.stringContaining('Oakland') });
    expect(ids(await search('predictive policing in'))).toEqual([a]);
    expect((await search('predictive policing in')).results[0].sender).toBe('user');
    expect(ids(await search('FAIRNESS METRICS'))).toEqual([b]);
    // % and _ are literal characters, not wildcards: "100%" does not match "1000", "fair_ness" not "fairXness".
    expect(ids(await search('100%'))).toEqual([b]);
    expect(ids(await search('fair_ness'))).toEqual([b]);
    expect(ids(await search('fairXness'))).toEqual([c]);
    expect(ids(await search('\\'))).toEqual([]);
    expect((await search('no such words anywhere')).results).toEqual([]);

    const blank = await call('GET', '/api/chat/search?q=%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(CHAT_TEXT.blankSearch);
  });

  it('stores HTML and script as text and returns it unchanged, as JSON', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> **bold** &amp; </textarea>';
    const sent = (await send(hostile)).json();
    const response = await call('GET', `/api/chat/sessions/${sent.session_id}/messages`);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().messages[0].text).toBe(hostile);
    expect(response.body).not.toContain('<script>alert("x")</script>'); // JSON-escaped quotes: never raw HTML
    const list = (await call('GET', '/api/chat/sessions')).json();
    expect(list.sessions[0].title).toBe(hostile.slice(0, 60).slice(0, hostile.slice(0, 60).lastIndexOf(' ')) + '…');
  });

  it('never shows one user’s conversations to another: read, rename, delete, send and regenerate are 404', async () => {
    const alice = token;
    const bob = await identity.tokenFor('user');
    const sent = (await send('Alice’s private question about her workplace', undefined, alice)).json();
    const id = sent.session_id;
    const attempts = [
      await call('GET', `/api/chat/sessions/${id}`, undefined, bob),
      await call('GET', `/api/chat/sessions/${id}/messages`, undefined, bob),
      await call('PATCH', `/api/chat/sessions/${id}`, { title: 'mine now' }, bob),
      await call('DELETE', `/api/chat/sessions/${id}`, undefined, bob),
      await send('Bob writes into Alice’s conversation', id, bob),
      await call('POST', `/api/chat/sessions/${id}/regenerate`, {}, bob),
      await ctx.app.inject({ method: 'POST', url: '/api/chat/stream', headers: { ...bearer(bob), accept: 'text/event-stream' }, payload: { message: 'x', session_id: id } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'SESSION_NOT_FOUND', message: CHAT_TEXT.sessionNotFound } });
    }
    expect((await call('GET', '/api/chat/sessions', undefined, bob)).json().sessions).toEqual([]);
    expect((await call('GET', '/api/chat/search?q=private', undefined, bob)).json().results).toEqual([]);
    // Alice's conversation is untouched, and Bob was not counted for the refused sends.
    const mine = (await call('GET', `/api/chat/sessions/${id}/messages`, undefined, alice)).json();
    expect(mine.session.title).toBe('Alice’s private question about her workplace');
    expect(mine.messages).toHaveLength(2);
    expect((await call('GET', '/api/chat/usage', undefined, bob)).json().usage.messages_today).toBe(0);
  });

  it('refuses regenerate in a conversation with no message, and while an answer is still being written', async () => {
    const session = (await call('POST', '/api/chat/sessions', { title: 'Empty' })).json().session;
    const nothing = await call('POST', `/api/chat/sessions/${session.id}/regenerate`); // no body at all
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('NOTHING_TO_REGENERATE');

    const sent = (await send('A question', session.id)).json();
    await ctx.database.db.updateTable('messages').set({ status: 'streaming' }).where('id', '=', sent.ai_message_id).execute();
    const busy = await call('POST', `/api/chat/sessions/${session.id}/regenerate`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatchObject({ code: 'REPLY_IN_PROGRESS', message: CHAT_TEXT.replyInProgress });
  });

  describe('bad input', () => {
    it.each([
      ['an empty message', { message: '' }, CHAT_TEXT.blankMessage],
      ['a blank message', { message: ' \n\t ' }, CHAT_TEXT.blankMessage],
      // Invisible characters alone are blank too (JavaScript's trim() keeps them).
      ['a message of zero-width spaces', { message: '\u200b\u200b\u200b' }, CHAT_TEXT.blankMessage],
      ['a message of a bidi override', { message: '\u202e' }, CHAT_TEXT.blankMessage],
      ['a message of a BOM, joiners and spaces', { message: ' \ufeff\u200d\u2060\u00a0' }, CHAT_TEXT.blankMessage],
      ['no message', {}, CHAT_TEXT.blankMessage],
      ['a number', { message: 42 }, CHAT_TEXT.blankMessage],
      ['a 100 KB message', { message: 'x'.repeat(100 * 1024) }, CHAT_TEXT.messageTooLong],
      ['a NUL byte', { message: 'a\u0000b' }, 'Text cannot contain NUL characters.'],
      ['a malformed session id', { message: 'hi', session_id: 'not-a-uuid' }, CHAT_TEXT.notASessionId],
      ['an unknown time zone', { message: 'hi', time_zone: 'Mars/Olympus' }, CHAT_TEXT.unknownTimeZone],
      ['an unexpected field', { message: 'hi', role: 'admin' }, undefined],
    ])('refuses %s with a 400 and a clear message, counting nothing', async (_label, payload, message) => {
      for (const url of ['/api/chat', '/api/chat/stream']) {
        const response = await call('POST', url, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION' } });
        if (message) expect(response.json().error.message).toBe(message);
      }
      expect(await ctx.database.db.selectFrom('chat_usage_counters').selectAll().execute()).toEqual([]);
      expect(await ctx.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
    });

    it('answers a 1 MB body with 413', async () => {
      const response = await call('POST', '/api/chat', { message: 'x'.repeat(1024 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    });

    it('answers an unknown conversation with 404 and a malformed id with 400', async () => {
      const unknown = crypto.randomUUID();
      expect((await send('hi', unknown)).statusCode).toBe(404);
      expect((await call('GET', `/api/chat/sessions/${unknown}/messages`)).statusCode).toBe(404);
      const malformed = await call('GET', '/api/chat/sessions/1%27%20OR%201=1/messages');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(CHAT_TEXT.notASessionId);
      expect((await call('PATCH', `/api/chat/sessions/${unknown}`, { title: '   ' })).json().error.message).toBe(CHAT_TEXT.blankTitle);
      expect((await call('PATCH', `/api/chat/sessions/${unknown}`, { title: 't'.repeat(121) })).json().error.message).toBe(CHAT_TEXT.titleTooLong);
    });

    it('refuses a title or a search of invisible characters as blank, and keeps the title it had', async () => {
      const session = (await call('POST', '/api/chat/sessions', { title: 'Redlining' })).json().session;
      for (const title of ['\u200b\u200b', '\u202e', '\ufeff \u2060']) {
        const renamed = await call('PATCH', `/api/chat/sessions/${session.id}`, { title });
        expect(renamed.statusCode).toBe(400);
        expect(renamed.json().error.message).toBe(CHAT_TEXT.blankTitle);
        const created = await call('POST', '/api/chat/sessions', { title });
        expect(created.statusCode).toBe(400);
        expect(created.json().error.message).toBe(CHAT_TEXT.blankTitle);
      }
      const list = (await call('GET', '/api/chat/sessions')).json();
      expect(list.sessions.map((s: { title: string }) => s.title)).toEqual(['Redlining']);
      const search = await call('GET', '/api/chat/search?q=%E2%80%8B%E2%80%8B');
      expect(search.statusCode).toBe(400);
      expect(search.json().error.message).toBe(CHAT_TEXT.blankSearch);
    });

    it('asks for a signed-in user: no token is 401 with the spec’s message, a bad token is 401', async () => {
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hi' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual({ code: 'UNAUTHENTICATED', message: CHAT_TEXT.signedOut });
      for (const url of ['/api/chat/sessions', '/api/chat/usage', '/api/chat/search?q=x']) {
        expect((await ctx.app.inject({ url })).statusCode).toBe(401);
        expect((await ctx.app.inject({ url, headers: bearer('garbage') })).statusCode).toBe(401);
      }
    });
  });
});
