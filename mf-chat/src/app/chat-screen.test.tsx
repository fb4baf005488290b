import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { DECODER_PREFILL_KEY } from '@keisha/contracts/decoder';
import { keishaStore } from '@keisha/store';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import ChatApp from '../App.tsx';
import { CORRUPTED_MESSAGE } from '../features/conversation/domain/bubbles.ts';
import { apiError, eventStream, gate, json, TEST_TOKEN, usage, type FakePlatform, type FakeRequest } from '../test-support/fake-platform.ts';
import { fakePlatformPerTest, signIn } from '../test-support/reader.ts';
import { aiMessage, chatSession, messageMeta, RECORDED_AT as at, userMessage } from '../test-support/chat-records.ts';

const meta = (over: object = {}) => messageMeta('What is redlining?', over);

let platform: FakePlatform;

function renderChat() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<ChatApp page="chat" />} />
        <Route path="/bias-detection" element={<p>The news decoder</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The message box once it accepts input (session restored, profile loaded). */
async function readyInput(): Promise<HTMLTextAreaElement> {
  const input = (await screen.findByRole('textbox', { name: 'Message Keisha' })) as HTMLTextAreaElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}

async function ask(question: string): Promise<HTMLTextAreaElement> {
  const input = await readyInput();
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

const streamRequests = () => platform.requests.filter((r: FakeRequest) => r.path === '/api/chat/stream');

fakePlatformPerTest((fake) => (platform = fake));

describe('the chat view', () => {
  it("says 'Authenticating...' and keeps the input disabled until the session is known", () => {
    renderChat();
    expect(screen.getByText('Authenticating...').getAttribute('role')).toBe('status');
    expect((screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('streams an answer word by word into an accessible transcript, then offers Regenerate', async () => {
    const rest = gate();
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'delta', data: { text: '**Redlining** was ' } },
          rest,
          { event: 'heartbeat', data: { at } },
          { event: 'delta', data: { text: 'a policy.' } },
          { event: 'done', data: { status: 'complete', message: aiMessage('a1', '**Redlining** was a policy.'), usage: usage({ messages_today: 1 }) } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask('What is redlining?');
    expect((screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement).value).toBe('');

    const log = await screen.findByRole('log', { name: 'Conversation with Keisha' });
    await waitFor(() => expect(log.textContent).toContain('Redlining was'));
    expect(log.getAttribute('aria-busy')).toBe('true');
    expect(within(log).getByText('Redlining').tagName).toBe('STRONG');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement).disabled).toBe(true);

    rest.open();
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'));
    expect(log.textContent).toContain('Redlining was a policy.');
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();

    const [sent] = streamRequests();
    expect(sent!.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(sent!.headers.get('accept')).toBe('text/event-stream');
    expect(sent!.body).toMatchObject({ message: 'What is redlining?' });
    expect(sent!.body).not.toHaveProperty('session_id');
    expect(sent!.body).not.toHaveProperty('system_prompt');
  });

  it("shows 'Keisha is thinking' until the first words arrive", async () => {
    const first = gate();
    platform.on('POST /api/chat/stream', (request) => eventStream([{ event: 'meta', data: meta() }, first, { event: 'delta', data: { text: 'Hello' } }], request.signal));
    signIn();
    renderChat();
    await ask('Hi');
    expect(await screen.findByText('Keisha is thinking')).toBeTruthy();
    first.open();
    await waitFor(() => expect(screen.queryByText('Keisha is thinking')).toBeNull());
    expect(screen.getByRole('log').textContent).toContain('Hello');
  });

  it('stops an answer with the Stop button and with Esc, keeping what was written', async () => {
    let aborted = 0;
    let n = 0;
    platform.on('POST /api/chat/stream', (request) => {
      n++;
      return eventStream(
        [{ event: 'meta', data: meta({ user_message_id: `u${n}`, ai_message_id: `a${n}` }) }, { event: 'delta', data: { text: `Partial ${n}` } }, gate()],
        request.signal,
        () => aborted++,
      );
    });
    signIn();
    renderChat();
    await ask('First question');
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain('Partial 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(aborted).toBe(1));
    await waitFor(() => expect(within(log).getByText('Stopped')).toBeTruthy());
    expect(log.getAttribute('aria-busy')).toBe('false');

    await ask('Second question');
    await waitFor(() => expect(log.textContent).toContain('Partial 2'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(aborted).toBe(2));
    await waitFor(() => expect(within(log).getAllByText('Stopped')).toHaveLength(2));
    expect(streamRequests()[1]!.body).toMatchObject({ session_id: 's1' });
  });

  it('opens the paywall on the daily limit and gives the message back to the input', async () => {
    platform.on('POST /api/chat/stream', () =>
      apiError(429, 'MESSAGE_LIMIT_EXCEEDED', CHAT_TEXT.messageLimit, { usage: usage({ messages_today: 10, remaining: 0, limit_reached: true }) }),
    );
    signIn();
    renderChat();
    const input = await ask('One more question');
    const paywall = await screen.findByRole('dialog', { name: 'Upgrade to Continue' });
    expect(within(paywall).getByText(CHAT_TEXT.messageLimit)).toBeTruthy();
    expect(input.value).toBe('One more question');
    expect(screen.queryByRole('log')).toBeNull();

    // With the limit known, the next try opens the paywall without asking the service.
    fireEvent.click(within(paywall).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message Keisha' }), { key: 'Enter' });
    const again = await screen.findByRole('dialog', { name: 'Upgrade to Continue' });
    expect(streamRequests()).toHaveLength(1);

    fireEvent.click(within(again).getByRole('button', { name: 'Upgrade Now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('shows the service’s refusal of an over-long message clearly, and keeps the draft', async () => {
    platform.on('POST /api/chat/stream', () => apiError(400, 'VALIDATION', CHAT_TEXT.messageTooLong));
    signIn();
    renderChat();
    const long = 'x'.repeat(100 * 1024);
    await ask(long);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CHAT_TEXT.messageTooLong);
    expect((screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement).value).toBe(long);
    expect(screen.getByRole('log').textContent).not.toContain('xxxx');
  });

  it('shows markup in a message and in an answer as text, never as elements or links that run', async () => {
    const hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'delta', data: { text: `${hostile} [click me](javascript:alert(1)) <a href="javascript:alert(1)">x</a>` } },
          { event: 'done', data: { status: 'complete', message: aiMessage('a1', `${hostile} [click me](javascript:alert(1))`), usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    const { container } = renderChat();
    await ask(hostile);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'));
    expect(log.textContent).toContain('<script>window.__xss=1</script>');
    expect(log.textContent).toContain('click me');
    expect(container.querySelector('img, script, iframe')).toBeNull();
    // In the conversation no link may run script or leave for a page of ours (the header's own links are not in it).
    expect([...log.querySelectorAll('a')].filter((a) => !/^(https?|mailto):/.test(a.getAttribute('href') ?? ''))).toEqual([]);
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('says the answer failed in a system bubble when the stream ends with an error', async () => {
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'delta', data: { text: 'Half an' } },
          { event: 'error', data: { code: 'AI_REPLY_FAILED', message: CHAT_TEXT.replyFailed, reason: 'cut', message_id: 'a1', usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask('Question');
    expect((await screen.findByRole('alert')).textContent).toContain(CHAT_TEXT.replyFailed);
    expect(screen.getByText('This answer broke off before it was complete.')).toBeTruthy();
  });

  it('apologises when the connection drops before the answer is complete', async () => {
    platform.on('POST /api/chat/stream', (request) => eventStream([{ event: 'meta', data: meta() }, { event: 'delta', data: { text: 'Par' } }], request.signal));
    signIn();
    renderChat();
    await ask('Question');
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, I encountered an error processing your message. Please try again.');
  });
});

describe('when a service cannot answer', () => {
  const AUTH_DOWN = 'We could not confirm your sign-in just now. Please try again in a moment.';
  const answer = (request: FakeRequest) =>
    eventStream(
      [
        { event: 'meta', data: meta() },
        { event: 'delta', data: { text: 'Here I am.' } },
        { event: 'done', data: { status: 'complete', message: aiMessage('a1', 'Here I am.'), usage: usage({ messages_today: 1 }) } },
      ],
      request.signal,
    );
  const refreshes = () => platform.requests.filter((r) => r.path === '/api/auth/refresh').length;

  it('a message refused with 503 AUTH_UNAVAILABLE: the reader stays signed in, reads why, and Try Again sends it', async () => {
    let down = true;
    platform.on('POST /api/chat/stream', (request) => (down ? apiError(503, 'AUTH_UNAVAILABLE', AUTH_DOWN) : answer(request)));
    signIn();
    renderChat();
    await ask('Is anyone there?');
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_DOWN);
    expect(screen.queryByText(CHAT_TEXT.signedOut)).toBeNull();
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(keishaStore.getState().auth.isAuthenticated).toBe(true);
    // The message went back to the input.
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    expect(input.value).toBe('Is anyone there?');

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.textContent).toContain('Here I am.'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(log).getAllByText('Is anyone there?')).toHaveLength(1);
    expect(input.value).toBe('');
    expect(streamRequests()).toHaveLength(2);
  });

  it('shows the edge’s reason when the chat service is down, and no Try Again for a refusal of the message itself', async () => {
    platform.on('POST /api/chat/stream', () => apiError(502, 'UPSTREAM_UNAVAILABLE', 'The chat service is not reachable. Please try again shortly.'));
    signIn();
    renderChat();
    await ask('Hello?');
    expect((await screen.findByRole('alert')).textContent).toContain('The chat service is not reachable. Please try again shortly.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();

    platform.on('POST /api/chat/stream', () => apiError(400, 'VALIDATION', CHAT_TEXT.messageTooLong));
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(CHAT_TEXT.messageTooLong));
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('renews a token the chat service refuses, once, and sends the message with the new one', async () => {
    platform.on('POST /api/chat/stream', (request) =>
      request.headers.get('authorization') === 'Bearer renewed-token' ? answer(request) : apiError(401, 'UNAUTHENTICATED', 'Invalid or expired token'),
    );
    signIn();
    renderChat();
    await readyInput();
    platform.on('POST /api/auth/refresh', () =>
      json({ success: true, user: { id: 'u1', email: 'reader@example.org', role: 'user', created_at: at }, token: 'renewed-token', expires_in: 900 }),
    );
    await ask('Still there?');
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Here I am.'));
    expect(streamRequests().map((r) => r.headers.get('authorization'))).toEqual([`Bearer ${TEST_TOKEN}`, 'Bearer renewed-token']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says identity’s reason, not a sign-out, when a refused token cannot be renewed just then', async () => {
    platform.on('POST /api/chat/stream', () => apiError(401, 'UNAUTHENTICATED', 'Invalid or expired token'));
    signIn();
    renderChat();
    await readyInput();
    platform.on('POST /api/auth/refresh', () => apiError(503, 'AUTH_UNAVAILABLE', AUTH_DOWN));
    const before = refreshes();
    await ask('Still there?');
    expect((await screen.findByRole('alert')).textContent).toContain(AUTH_DOWN);
    expect(refreshes()).toBe(before + 1);
    expect(streamRequests()).toHaveLength(1);
    expect(screen.queryByText(CHAT_TEXT.signedOut)).toBeNull();
    expect(keishaStore.getState().auth.isAuthenticated).toBe(true);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says the reader must sign in only when identity says the session is over', async () => {
    platform.on('POST /api/chat/stream', () => apiError(401, 'UNAUTHENTICATED', 'Invalid or expired token'));
    signIn();
    renderChat();
    await readyInput();
    platform.on('POST /api/auth/refresh', () => apiError(401, 'SESSION_REVOKED', 'Session revoked'));
    await ask('Still there?');
    await waitFor(() => expect(keishaStore.getState().auth.isAuthenticated).toBe(false));
  });

  it('New Chat that fails for want of a service says the spec’s sentence, with the service’s reason beneath', async () => {
    platform.on('POST /api/chat/stream', (request) => answer(request));
    platform.on('POST /api/chat/sessions', () => apiError(503, 'SERVICE_UNAVAILABLE', 'Conversations cannot be saved just now.'));
    signIn();
    renderChat();
    await ask('First question');
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(screen.getByRole('button', { name: '+ New Chat' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Sorry, I couldn't start a new chat session. Please try again.");
    expect(within(screen.getByRole('list', { name: 'Notes' })).getByText('Conversations cannot be saved just now.')).toBeTruthy();
  });
});

describe('saved conversations', () => {
  beforeEach(() => {
    platform.on('GET /api/chat/sessions', () =>
      json({ success: true, sessions: [chatSession('s2', 'Newer chat'), chatSession('s1', 'Redlining')], total: 2, page: 1, page_size: 50 }),
    );
  });

  it('lists conversations newest first and opens one; a corrupted row shows the corrupted-data error', async () => {
    platform.on('GET /api/chat/sessions/:id/messages', () =>
      json({
        success: true,
        session: chatSession('s1', 'Redlining'),
        messages: [userMessage('m1', 'What is redlining?'), { id: 'm2', session_id: 's1', sender: 'system', text: '', status: 'corrupted' }, { garbage: true }, aiMessage('m3', 'It was a policy.')],
      }),
    );
    signIn();
    renderChat();
    const panel = screen.getByRole('complementary', { name: 'Side panel' });
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /chat|Redlining/ }).length).toBeGreaterThan(0));
    const titles = within(panel).getAllByRole('listitem').map((item) => item.textContent);
    expect(titles[0]).toContain('Newer chat');
    expect(titles[1]).toContain('Redlining');

    fireEvent.click(within(panel).getByRole('button', { name: 'Redlining' }));
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain('It was a policy.'));
    expect(within(log).getAllByRole('alert').map((a) => a.textContent)).toEqual([`Notice: ${CORRUPTED_MESSAGE}`, `Notice: ${CORRUPTED_MESSAGE}`]);
    expect(log.textContent).toContain('What is redlining?');
    expect(within(panel).getByRole('button', { name: 'Redlining' }).getAttribute('aria-current')).toBe('true');
  });

  it('a conversation opened while New Chat is still being created stays open when the new one arrives', async () => {
    platform.on('GET /api/chat/sessions/:id/messages', (_request, params) =>
      json({
        success: true,
        session: chatSession(params.id!, params.id === 's1' ? 'Redlining' : 'Newer chat'),
        messages: [userMessage(`${params.id}-q`, `Question of ${params.id}`), aiMessage(`${params.id}-a`, `Answer of ${params.id}`)],
      }),
    );
    const created = gate();
    platform.on('POST /api/chat/sessions', async () => {
      await created.until;
      return json({ success: true, session: chatSession('s3', null) });
    });
    signIn();
    renderChat();
    const panel = screen.getByRole('complementary', { name: 'Side panel' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Redlining' }));
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain('Answer of s1'));

    fireEvent.click(within(panel).getByRole('button', { name: '+ New Chat' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Newer chat' }));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Answer of s2'));
    created.open();
    await waitFor(() => expect(platform.requests.some((r) => r.method === 'POST' && r.path === '/api/chat/sessions')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('log').textContent).toContain('Answer of s2');
    expect(within(panel).getByRole('button', { name: 'Newer chat' }).getAttribute('aria-current')).toBe('true');
  });

  it('regenerates the last answer, replacing it', async () => {
    platform.on('GET /api/chat/sessions/:id/messages', () =>
      json({ success: true, session: chatSession('s1', 'Redlining'), messages: [userMessage('m1', 'What is redlining?'), aiMessage('m2', 'First answer')] }),
    );
    platform.on('POST /api/chat/sessions/:id/regenerate', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta({ session_created: false, user_message_id: 'm1', ai_message_id: 'm3' }) },
          { event: 'delta', data: { text: 'Second answer' } },
          { event: 'done', data: { status: 'complete', message: aiMessage('m3', 'Second answer'), usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Redlining' }));
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain('First answer'));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(log.textContent).toContain('Second answer'));
    expect(log.textContent).not.toContain('First answer');
    const regenerate = platform.requests.find((r) => r.path === '/api/chat/sessions/s1/regenerate')!;
    expect(regenerate.method).toBe('POST');
    expect(regenerate.headers.get('accept')).toBe('text/event-stream');
  });

  it('finds conversations by search and opens a result', async () => {
    platform.on('GET /api/chat/search', (request) =>
      json({ success: true, query: request.query.get('q'), results: [{ session: chatSession('s1', 'Redlining'), message_id: 'm1', sender: 'user', snippet: '...maps drawn in 1938...' }] }),
    );
    platform.on('GET /api/chat/sessions/:id/messages', () =>
      json({ success: true, session: chatSession('s1', 'Redlining'), messages: [userMessage('m1', 'Tell me about the maps drawn in 1938')] }),
    );
    signIn();
    renderChat();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: '  maps ' } });
    const results = await screen.findByRole('list', { name: 'Matching conversations' });
    expect(results.textContent).toContain('...maps drawn in 1938...');
    expect(platform.requests.filter((r) => r.path === '/api/chat/search').map((r) => r.query.get('q'))).toEqual(['maps']);
    fireEvent.click(within(results).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('maps drawn in 1938'));
  });

  it('renames and deletes a conversation in the list', async () => {
    platform.on('PATCH /api/chat/sessions/:id', (request, params) => json({ success: true, session: chatSession(params.id!, (request.body as { title: string }).title) }));
    platform.on('DELETE /api/chat/sessions/:id', () => json({ success: true }));
    signIn();
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Redlining' }));
    const field = screen.getByRole('textbox', { name: 'New title for Redlining' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHAT_TEXT.blankTitle);
    fireEvent.change(field, { target: { value: '  Housing maps ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Housing maps' })).toBeTruthy();
    expect(platform.requests.find((r) => r.method === 'PATCH')!.body).toEqual({ title: 'Housing maps' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Housing maps' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Housing maps' })).toBeNull());
    expect(platform.requests.some((r) => r.method === 'DELETE' && r.path === '/api/chat/sessions/s1')).toBe(true);
  });
});

describe('Decode this article', () => {
  it('offers a long article-like message to the decoder, prefilled', async () => {
    const article = Array.from(
      { length: 8 },
      (_, i) => `City officials announced on day ${i} that the redevelopment plan for the riverside blocks would move forward despite objections from longtime residents and tenant groups.`,
    ).join(' ');
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'done', data: { status: 'complete', message: aiMessage('a1', 'This looks like an article.'), usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask(article);
    fireEvent.click(await screen.findByRole('button', { name: 'Decode this article' }));
    expect(await screen.findByText('The news decoder')).toBeTruthy();
    expect(sessionStorage.getItem(DECODER_PREFILL_KEY)).toBe(article);
    // Recorded for the admin analytics by its length, not its words.
    const handoff = platform.events().find((e) => e.event === CHAT_EVENTS.articleToDecoder);
    expect(handoff?.properties).toMatchObject({ characters: article.length });
    expect(JSON.stringify(handoff)).not.toContain('redevelopment');
  });

  it('opens the decoder from the side panel’s Bias Detection', async () => {
    signIn();
    renderChat();
    fireEvent.click(screen.getByRole('button', { name: 'Bias Detection' }));
    expect(await screen.findByText('The news decoder')).toBeTruthy();
  });
});
