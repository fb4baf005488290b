// What the chat screen's tests (chat-screen-*.test.tsx) share: the chat rendered at '/', the message box, asking
// a question, and the fake platform of the current test.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import ChatApp from '../App.tsx';
import type { FakePlatform, FakeRequest } from '../test-support/fake-platform.ts';
import { fakePlatformPerTest } from '../test-support/reader.ts';
import { messageMeta } from '../test-support/chat-records.ts';

export const meta = (over: object = {}) => messageMeta('What is redlining?', over);

export let platform: FakePlatform;

/** Each test of the calling file on a fresh fake platform, which `platform` then names. */
export function chatPlatformPerTest(): void {
  fakePlatformPerTest((fake) => (platform = fake));
}

export function renderChat() {
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
export async function readyInput(): Promise<HTMLTextAreaElement> {
  const input = (await screen.findByRole('textbox', { name: 'Message Keisha' })) as HTMLTextAreaElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}

export async function ask(question: string): Promise<HTMLTextAreaElement> {
  const input = await readyInput();
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

export const streamRequests = () => platform.requests.filter((r: FakeRequest) => r.path === '/api/chat/stream');
