import { CHAT_ERRORS, CHAT_TEXT } from '@keisha/contracts/chat';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ChatApp from '../App.tsx';
import { CONFIRM_ADDRESS_TITLE, LINK_SENT, STILL_UNCONFIRMED } from '@keisha/ui';
import { apiError, json, type FakePlatform } from '../test-support/fake-platform.ts';
import { fakePlatformPerTest, signIn } from '../test-support/reader.ts';

let platform: FakePlatform;
fakePlatformPerTest((fake) => (platform = fake));

const account = (verified: boolean) => ({ success: true, user: { id: 'u1', email: 'reader@example.org', role: 'user', created_at: '2030-01-01T00:00:00.000Z', email_verified: verified } });

async function askUnconfirmed(question: string) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<ChatApp page="chat" />} />
      </Routes>
    </MemoryRouter>,
  );
  const input = (await screen.findByRole('textbox', { name: 'Message Keisha' })) as HTMLTextAreaElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
  return input;
}

describe('a reader whose address is not confirmed', () => {
  it('is told what to do instead of a generic error, and gets the message back in the input', async () => {
    platform.on('POST /api/chat/stream', () => apiError(403, CHAT_ERRORS.emailNotVerified, CHAT_TEXT.emailNotVerified));
    signIn();
    const input = await askUnconfirmed('What is redlining?');
    const notice = await screen.findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    expect(within(notice).getByText(CHAT_TEXT.emailNotVerified)).toBeTruthy();
    expect(screen.getAllByText(CHAT_TEXT.emailNotVerified)).toHaveLength(1);
    expect(screen.queryByText('Sorry, I encountered an error processing your message. Please try again.')).toBeNull();
    expect(input.value).toBe('What is redlining?');
  });

  it('asks identity for a new link, and says what identity said when it is too soon', async () => {
    platform.on('POST /api/chat/stream', () => apiError(403, CHAT_ERRORS.emailNotVerified, CHAT_TEXT.emailNotVerified));
    let resends = 0;
    platform.on('POST /api/auth/verify-email/resend', () =>
      ++resends === 1 ? json({ success: true }) : apiError(429, 'RATE_LIMITED', 'We have just sent you a link. Please wait a minute before asking for another one.'),
    );
    signIn();
    await askUnconfirmed('What is redlining?');
    const notice = await screen.findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    fireEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect((await within(notice).findByRole('status')).textContent).toBe(LINK_SENT);
    const resend = platform.requests.find((r) => r.path === '/api/auth/verify-email/resend')!;
    expect(resend.headers.get('authorization')).toMatch(/^Bearer /);
    fireEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect((await within(notice).findByRole('alert')).textContent).toBe('We have just sent you a link. Please wait a minute before asking for another one.');
  });

  it('takes a new token once the link was opened, and the notice goes; until then it says the address is not confirmed yet', async () => {
    platform.on('POST /api/chat/stream', () => apiError(403, CHAT_ERRORS.emailNotVerified, CHAT_TEXT.emailNotVerified));
    let verified = false;
    platform.on('GET /api/auth/me', () => json(account(verified)));
    signIn();
    await askUnconfirmed('What is redlining?');
    const notice = await screen.findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    const refreshesBefore = platform.requests.filter((r) => r.path === '/api/auth/refresh').length;
    fireEvent.click(within(notice).getByRole('button', { name: 'I have confirmed it' }));
    expect((await within(notice).findByRole('alert')).textContent).toBe(STILL_UNCONFIRMED);
    expect(platform.requests.filter((r) => r.path === '/api/auth/refresh').length).toBe(refreshesBefore + 1);
    verified = true;
    fireEvent.click(within(notice).getByRole('button', { name: 'I have confirmed it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CONFIRM_ADDRESS_TITLE })).toBeNull());
  });
});
