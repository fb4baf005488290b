// The chat screen answering: the session gate, a streamed answer, Stop, the daily limit, refusals and broken streams.
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, eventStream, gate, TEST_TOKEN, usage } from '../test-support/fake-platform.ts';
import { signIn } from '../test-support/reader.ts';
import { aiMessage, RECORDED_AT as at } from '../test-support/chat-records.ts';
import { ask, chatPlatformPerTest, meta, platform, renderChat, streamRequests } from './chat-screen-fixture.tsx';

chatPlatformPerTest();

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
