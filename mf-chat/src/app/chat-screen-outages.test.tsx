// The chat screen when a service cannot answer: identity or the chat service down, a refused token renewed or not.
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { keishaStore } from '@keisha/store';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, eventStream, json, TEST_TOKEN, usage, type FakeRequest } from '../test-support/fake-platform.ts';
import { signIn } from '../test-support/reader.ts';
import { aiMessage, RECORDED_AT as at } from '../test-support/chat-records.ts';
import { ask, chatPlatformPerTest, meta, platform, readyInput, renderChat, streamRequests } from './chat-screen-fixture.tsx';

chatPlatformPerTest();

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
