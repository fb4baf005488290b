import { keishaStore } from '@keisha/store';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ChatApp from './App.tsx';
import { apiError, json, type FakePlatform } from './test-support/fake-platform.ts';
import { fakePlatformPerTest, signIn } from './test-support/reader.ts';

let platform: FakePlatform;

/** The chat remote as the shell mounts it: '/' (chat) and the two return pages of the upgrade. */
function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<ChatApp page="chat" />} />
        <Route path="/payment-success" element={<ChatApp page="payment-success" />} />
        <Route path="/payment-cancelled" element={<ChatApp page="payment-cancelled" />} />
      </Routes>
    </MemoryRouter>,
  );
}

fakePlatformPerTest((fake) => (platform = fake));

describe('chat top bar and side panel', () => {
  it("shows the signed-in reader's email and the theme toggle; Options hold Bias Detection, Settings and Sign Out", () => {
    signIn();
    renderAt('/');
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Light Mode' })).toBeTruthy();
    const panel = screen.getByRole('complementary', { name: 'Side panel' });
    expect(within(panel).getByRole('button', { name: '+ New Chat' })).toBeTruthy();
    const options = within(panel).getByRole('region', { name: 'Options' });
    expect(within(options).getAllByRole('button').map((b) => b.textContent)).toEqual(['Bias Detection', 'Settings', 'Sign Out']);
    // One Sign Out on the page.
    expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
  });

  it("has the page's h1 as its first heading, before the side panel's labelled regions", () => {
    signIn();
    renderAt('/');
    const headings = screen.getAllByRole('heading');
    expect(headings[0]?.tagName).toBe('H1');
    expect(headings[0]?.textContent).toBe('KEISHA');
    const panel = screen.getByRole('complementary', { name: 'Side panel' });
    expect(within(panel).getByRole('region', { name: 'Conversations' })).toBeTruthy();
    expect(within(panel).getByRole('region', { name: 'Options' })).toBeTruthy();
  });

  it('collapses and reopens the side panel', () => {
    signIn();
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Hide side panel' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Side panel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show side panel' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Show side panel' }));
    expect(screen.getByRole('complementary', { name: 'Side panel' })).toBeTruthy();
  });

  it('signs out from the Options, on this page even when the server cannot be reached', async () => {
    platform.on('POST /api/auth/logout', () => {
      throw new TypeError('Failed to fetch');
    });
    signIn();
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(keishaStore.getState().auth.isAuthenticated).toBe(false));
  });
});

describe('while identity cannot confirm the sign-in', () => {
  const AUTH_DOWN = 'We could not confirm your sign-in just now. Please try again in a moment.';
  const unconfirmed = () =>
    act(() => {
      keishaStore.getState().dispatchAuth({ type: 'SIGN_IN_UNCONFIRMED', problem: { status: 503, code: 'AUTH_UNAVAILABLE', message: AUTH_DOWN } });
      keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: null });
    });

  it('says the chat is unavailable and why, not that the reader is signed out, and Try Again opens it once identity answers', async () => {
    platform.on('POST /api/auth/refresh', () => apiError(503, 'AUTH_UNAVAILABLE', AUTH_DOWN));
    unconfirmed();
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Your chat is unavailable right now' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(AUTH_DOWN);
    expect(screen.getByText(/You have not been signed out/)).toBeTruthy();
    expect(screen.queryByText('You must be logged in to chat.')).toBeNull();

    // Identity still down: the page says so again and keeps waiting.
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Try Again' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_DOWN);

    // Identity answers: the chat opens, signed in.
    platform.on('POST /api/auth/refresh', () =>
      json({ success: true, user: { id: 'u1', email: 'reader@example.org', role: 'user', created_at: '2030-01-01T00:00:00.000Z' }, token: 't2', expires_in: 900 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('reader@example.org')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message Keisha' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your chat is unavailable right now' })).toBeNull();
  });

  it('still shows the return page of a purchase', () => {
    unconfirmed();
    renderAt('/payment-cancelled');
    expect(screen.getByText('You have not been charged')).toBeTruthy();
  });
});

describe('chat empty state', () => {
  it('shows the branding, the input, the disclaimer and four suggestions', () => {
    signIn();
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'KEISHA' })).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Message Keisha' });
    expect(input.getAttribute('placeholder')).toBe('Ask Anything...');
    expect(screen.getByText('AI can make mistakes. Consider checking important information.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Suggested questions' }).querySelectorAll('button')).toHaveLength(4);
  });

  it('enables Send only for a non-blank message once the profile has loaded, and never sends a blank one', async () => {
    signIn();
    renderAt('/');
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(platform.requests.some((r) => r.path === '/api/chat/stream')).toBe(false);
    fireEvent.change(input, { target: { value: 'Who coined "systemic racism"?' } });
    expect(send.disabled).toBe(false);
  });

  it('keeps Shift+Enter for a new line', async () => {
    signIn();
    renderAt('/');
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    fireEvent.change(input, { target: { value: 'Line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(input.value).toBe('Line one');
    expect(platform.requests.some((r) => r.path === '/api/chat/stream')).toBe(false);
  });

  it('fills the input with a suggestion without sending it', () => {
    signIn();
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'How does racial bias show up in AI systems?' }));
    const input = screen.getByRole('textbox', { name: 'Message Keisha' }) as HTMLTextAreaElement;
    expect(input.value).toBe('How does racial bias show up in AI systems?');
    expect(platform.requests.some((r) => r.path === '/api/chat/stream')).toBe(false);
  });
});

describe('upgrade return pages', () => {
  it('payment-success confirms the upgrade once billing says it is paid, shows the charge id as text, and verifies the checkout', async () => {
    platform.on('POST /api/billing/checkouts/:id/verify', (_request, params) =>
      json({
        success: true,
        checkout: { id: params.id, tier: 'Pro', status: 'active', grants_access: true },
        entitlement: { decoder_tier: 'free', chat_tier: 'Pro', expires_at: null, lifetime: false },
      }),
    );
    signIn();
    renderAt('/payment-success?session_id=%3Cb%3Ecs_1%3C%2Fb%3E');
    // Nothing is claimed before billing answers.
    expect(screen.queryByRole('heading', { level: 1, name: 'Payment successful' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByText('Your upgrade is being processed')).toBeTruthy();
    const reference = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Charge ID: <b>cs_1</b>');
    expect(reference.querySelector('b')).toBeNull();
    expect(await screen.findByText('Your Pro plan is active.')).toBeTruthy();
    expect(platform.requests.find((r) => r.path.endsWith('/verify'))!.path).toBe('/api/billing/checkouts/%3Cb%3Ecs_1%3C%2Fb%3E/verify');
    fireEvent.click(screen.getByRole('button', { name: 'Go to Chat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'KEISHA' })).toBeTruthy();
  });

  it('payment-success claims no success for an id billing does not know as this reader’s, nor for an unpaid one', async () => {
    platform.on('POST /api/billing/checkouts/:id/verify', () => apiError(404, 'NOT_FOUND', 'No such payment.'));
    signIn();
    const { unmount } = renderAt('/payment-success?session_id=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not found' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    expect(screen.queryByText('Your upgrade is being processed')).toBeNull();
    unmount();

    platform.on('POST /api/billing/checkouts/:id/verify', (_request, params) =>
      json({ success: true, checkout: { id: params.id, tier: 'Pro', status: 'failed', grants_access: false }, entitlement: { decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false } }),
    );
    renderAt('/payment-success?session_id=00000000-0000-4000-8000-000000000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
  });

  it('payment-success prefers the provider’s chargeId, and shows no charge line without either', () => {
    renderAt('/payment-success?chargeId=CH-9&session_id=cs_1');
    expect(screen.getByText('CH-9')).toBeTruthy();
  });

  it('payment-success without a reference shows no Charge ID and claims nothing', () => {
    renderAt('/payment-success');
    expect(screen.queryByText(/Charge ID/)).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment not found' })).toBeTruthy();
  });

  it('payment-cancelled says nothing was charged, goes back to settings, or retries the same plan', async () => {
    signIn();
    const { unmount } = renderAt('/payment-cancelled?plan=Pro&session_id=cs_1');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByText('You have not been charged')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry Pro' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeTruthy();
    unmount();

    renderAt('/payment-cancelled');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });
});
