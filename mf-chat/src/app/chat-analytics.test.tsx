// The chat's use as the admin analytics sees it: each `chat_` event sent to POST /api/analytics/track when the
// reader does the thing it names, with the browser session's id, and never with what the reader wrote.
import { ANALYTICS_SESSION_KEY, CHAT_EVENTS } from '@keisha/contracts/analytics';
import { CHAT_TEXT } from '@keisha/contracts/chat';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ChatApp from '../App.tsx';
import { apiError, eventStream, gate, json, usage, type FakePlatform } from '../test-support/fake-platform.ts';
import { fakePlatformPerTest, signIn } from '../test-support/reader.ts';
import { aiMessage, chatSession, messageMeta, userMessage } from '../test-support/chat-records.ts';

const meta = (over: object = {}) => messageMeta('A private title', over);
const QUESTION = 'My private question about my employer';

let platform: FakePlatform;

function renderChat() {
  // StrictMode, as the remote runs: a double render must not count a showing twice.
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<ChatApp page="chat" />} />
          <Route path="/bias-detection" element={<p>The news decoder</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

async function ask(question: string) {
  const input = (await screen.findByRole('textbox', { name: 'Message Keisha' })) as HTMLTextAreaElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const names = () => platform.events().map((e) => e.event);
const firstOf = (event: string) => platform.events().find((e) => e.event === event);

function answered(text = 'An answer.') {
  platform.on('POST /api/chat/stream', (request) =>
    eventStream(
      [
        { event: 'meta', data: meta() },
        { event: 'delta', data: { text } },
        { event: 'done', data: { status: 'complete', message: aiMessage('a1', text), usage: usage({ messages_today: 1 }) } },
      ],
      request.signal,
    ),
  );
}

fakePlatformPerTest((fake) => (platform = fake));

describe('chat analytics', () => {
  it('records the chat opened once, then a first message: the conversation started, the message sent and the answer', async () => {
    answered();
    signIn();
    renderChat();
    await ask(QUESTION);
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.replyCompleted));
    expect(names()).toEqual([CHAT_EVENTS.opened, CHAT_EVENTS.sessionStarted, CHAT_EVENTS.messageSent, CHAT_EVENTS.replyCompleted]);

    expect(firstOf(CHAT_EVENTS.sessionStarted)!.properties).toMatchObject({ source: 'first_message' });
    expect(firstOf(CHAT_EVENTS.messageSent)!.properties).toMatchObject({ characters: QUESTION.length, new_conversation: true, plan: 'Free', messages_today: 1 });
    const reply = firstOf(CHAT_EVENTS.replyCompleted)!.properties;
    expect(reply).toMatchObject({ engine: 'embedded', status: 'complete', regenerated: false });
    expect(reply.duration_ms).toEqual(expect.any(Number));

    // One browser session for every event, the one the whole site shares; nothing the reader wrote.
    const sessionId = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    expect(sessionId).toBeTruthy();
    for (const { properties } of platform.events()) expect(properties.session_id).toBe(sessionId);
    const sent = JSON.stringify(platform.events());
    for (const secret of ['private question', 'A private title', 'An answer', 'reader@example.org', 'u1']) expect(sent).not.toContain(secret);
  });

  it('does not count a second message as a new conversation', async () => {
    let n = 0;
    platform.on('POST /api/chat/stream', (request) => {
      n++;
      return eventStream(
        [
          { event: 'meta', data: meta({ session_created: n === 1, user_message_id: `u${n}`, ai_message_id: `a${n}`, usage: usage({ messages_today: n }) }) },
          { event: 'done', data: { status: 'complete', message: aiMessage(`a${n}`, 'Answer'), usage: usage({ messages_today: n }) } },
        ],
        request.signal,
      );
    });
    signIn();
    renderChat();
    await ask('First');
    await waitFor(() => expect(names().filter((e) => e === CHAT_EVENTS.replyCompleted)).toHaveLength(1));
    await ask('Second');
    await waitFor(() => expect(names().filter((e) => e === CHAT_EVENTS.replyCompleted)).toHaveLength(2));
    expect(names().filter((e) => e === CHAT_EVENTS.sessionStarted)).toHaveLength(1);
    expect(platform.events().filter((e) => e.event === CHAT_EVENTS.messageSent).map((e) => e.properties.new_conversation)).toEqual([true, false]);
  });

  it('records a failed answer with the service’s code, not its words', async () => {
    platform.on('POST /api/chat/stream', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta() },
          { event: 'error', data: { code: 'AI_REPLY_FAILED', message: CHAT_TEXT.replyFailed, reason: 'the model said something private', message_id: 'a1', usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask(QUESTION);
    await screen.findByRole('alert');
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.replyFailed));
    expect(firstOf(CHAT_EVENTS.replyFailed)!.properties).toMatchObject({ stage: 'answer', code: 'AI_REPLY_FAILED', status: null, regenerated: false });
    expect(names()).toContain(CHAT_EVENTS.messageSent);
    expect(JSON.stringify(platform.events())).not.toContain('something private');
  });

  it('records a refusal (no message sent) and a lost connection as failed answers', async () => {
    platform.on('POST /api/chat/stream', () => apiError(413, 'PAYLOAD_TOO_LARGE', CHAT_TEXT.messageTooLong));
    signIn();
    renderChat();
    await ask('x'.repeat(5000));
    await screen.findByRole('alert');
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.replyFailed));
    expect(firstOf(CHAT_EVENTS.replyFailed)!.properties).toMatchObject({ stage: 'refused', status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(names()).not.toContain(CHAT_EVENTS.messageSent);

    platform.on('POST /api/chat/stream', (request) => eventStream([{ event: 'meta', data: meta() }, { event: 'delta', data: { text: 'Par' } }], request.signal));
    await ask('Short');
    await waitFor(() => expect(platform.events().filter((e) => e.event === CHAT_EVENTS.replyFailed)).toHaveLength(2));
    expect(platform.events().filter((e) => e.event === CHAT_EVENTS.replyFailed)[1]!.properties).toMatchObject({ stage: 'connection', code: 'StreamBroken' });
  });

  it('records the paywall at the daily limit (not as a failure), with the plan and the day’s count', async () => {
    platform.on('POST /api/chat/stream', () =>
      apiError(429, 'MESSAGE_LIMIT_EXCEEDED', CHAT_TEXT.messageLimit, { usage: usage({ messages_today: 10, remaining: 0, limit_reached: true }) }),
    );
    signIn();
    renderChat();
    await ask(QUESTION);
    await screen.findByRole('dialog', { name: 'Upgrade to Continue' });
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.paywallShown));
    expect(firstOf(CHAT_EVENTS.paywallShown)!.properties).toMatchObject({ reason: 'daily_limit', plan: 'Free', messages_today: 10, daily_limit: 10 });
    expect(names()).not.toContain(CHAT_EVENTS.replyFailed);
    expect(names()).not.toContain(CHAT_EVENTS.messageSent);
    expect(names().filter((e) => e === CHAT_EVENTS.paywallShown)).toHaveLength(1);
  });

  it('records Stop and Regenerate', async () => {
    platform.on('POST /api/chat/stream', (request) => eventStream([{ event: 'meta', data: meta() }, { event: 'delta', data: { text: 'Partial' } }, gate()], request.signal));
    platform.on('POST /api/chat/sessions/:id/regenerate', (request) =>
      eventStream(
        [
          { event: 'meta', data: meta({ session_created: false, user_message_id: 'u1', ai_message_id: 'a2' }) },
          { event: 'done', data: { status: 'complete', message: aiMessage('a2', 'Again'), usage: usage() } },
        ],
        request.signal,
      ),
    );
    signIn();
    renderChat();
    await ask(QUESTION);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.textContent).toContain('Partial'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.replyStopped));
    expect(firstOf(CHAT_EVENTS.replyStopped)!.properties).toMatchObject({ accepted: true, regenerated: false });

    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(log.textContent).toContain('Again'));
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.replyCompleted));
    expect(names().filter((e) => e === CHAT_EVENTS.replyRegenerated)).toHaveLength(1);
    expect(firstOf(CHAT_EVENTS.replyCompleted)!.properties).toMatchObject({ regenerated: true });
    // Regenerating asks again; it is not a message of the reader's.
    expect(names().filter((e) => e === CHAT_EVENTS.messageSent)).toHaveLength(1);
  });

  it('records a conversation reopened from the side panel and New Chat creating one', async () => {
    platform.on('GET /api/chat/sessions', () => json({ success: true, sessions: [chatSession('s1', 'Redlining')], total: 1, page: 1, page_size: 50 }));
    platform.on('GET /api/chat/sessions/:id/messages', () =>
      json({ success: true, session: chatSession('s1', 'Redlining'), messages: [userMessage('m1', 'What is redlining?'), aiMessage('m2', 'A policy.')] }),
    );
    platform.on('POST /api/chat/sessions', () => json({ success: true, session: chatSession('s9', null) }, 201));
    signIn();
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Redlining' }));
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.conversationReopened));
    expect(firstOf(CHAT_EVENTS.conversationReopened)!.properties).toMatchObject({ messages: 2 });

    fireEvent.click(within(screen.getByRole('complementary', { name: 'Side panel' })).getByRole('button', { name: /New Chat/ }));
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.sessionStarted));
    expect(firstOf(CHAT_EVENTS.sessionStarted)!.properties).toMatchObject({ source: 'new_chat' });
    expect(JSON.stringify(platform.events())).not.toContain('Redlining');
  });

  it('records the suggestion chosen by its topic', async () => {
    signIn();
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'How does racial bias show up in AI systems?' }));
    await waitFor(() => expect(names()).toContain(CHAT_EVENTS.suggestionChosen));
    expect(firstOf(CHAT_EVENTS.suggestionChosen)!.properties).toMatchObject({ topic: 'ai-bias' });
  });

  it('still answers when the analytics service is down', async () => {
    platform.on('POST /api/analytics/track', () => {
      throw new TypeError('Failed to fetch');
    });
    answered('Still here.');
    signIn();
    renderChat();
    await ask(QUESTION);
    const log = await screen.findByRole('log');
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'));
    expect(log.textContent).toContain('Still here.');
    expect(names()).toContain(CHAT_EVENTS.replyCompleted);
  });
});
