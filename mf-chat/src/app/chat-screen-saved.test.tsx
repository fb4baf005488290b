// The chat screen's saved conversations: the list, opening one, Regenerate, search, rename and delete.
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CORRUPTED_MESSAGE } from '../features/conversation/domain/bubbles.ts';
import { eventStream, gate, json, usage } from '../test-support/fake-platform.ts';
import { signIn } from '../test-support/reader.ts';
import { aiMessage, chatSession, userMessage } from '../test-support/chat-records.ts';
import { chatPlatformPerTest, meta, platform, renderChat } from './chat-screen-fixture.tsx';

chatPlatformPerTest();

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
