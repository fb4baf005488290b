import { initialAuthState, keishaStore } from '@keisha/store';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const verify = vi.fn();
vi.mock('../api/verify-paypal.ts', () => ({ verifyPaypalSubscription: (id: string) => verify(id) }));
const { ThankYouPage } = await import('./thank-you-page.tsx');

const user = { id: 'acc-1', email: 'a@example.org', daily_usage_count: 0, last_usage_reset: '2026-11-21' };
const entitlement = { decoder_tier: 'monthly', chat_tier: 'Free', expires_at: null, lifetime: false };

function renderPaypalReturn() {
  render(
    <MemoryRouter initialEntries={['/thank-you?method=paypal&tier=monthly&amount=9.99&subscription_id=I-VERIFY1']}>
      <ThankYouPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true}', { status: 202 }));
});
afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  verify.mockReset();
  vi.restoreAllMocks();
});

describe('ThankYouPage, PayPal verification', () => {
  it('asks a reader without a session to sign in, and does not call billing', async () => {
    keishaStore.setState({ auth: { ...initialAuthState, sessionRestored: true } });
    renderPaypalReturn();
    expect(await screen.findByText(/Sign in with the account you subscribed from/)).toBeTruthy();
    // The link opens the decoder's sign-in and brings the reader back to this very page.
    const back = new URL(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')!, 'http://site');
    expect(back.pathname).toBe('/bias-detection');
    expect(back.searchParams.get('account')).toBe('sign-in');
    expect(back.searchParams.get('next')).toMatch(/^\/thank-you\?.*subscription_id=/);
    expect(verify).not.toHaveBeenCalled();
  });

  it('confirms a subscription that billing verified with PayPal', async () => {
    verify.mockResolvedValue({ success: true, verified: true, paypal_status: 'ACTIVE', subscription: null, entitlement });
    keishaStore.setState({ auth: { ...initialAuthState, user, isAuthenticated: true, sessionRestored: true } });
    renderPaypalReturn();
    expect(screen.getByText('Confirming your subscription with PayPal...')).toBeTruthy();
    expect(screen.queryByText(/is confirmed, and the plan is active/)).toBeNull();
    expect(await screen.findByText(/^Confirmed: PayPal reports your subscription as active/)).toBeTruthy();
    expect(screen.getByText('Welcome to Keisha. Your Monthly plan purchase through PayPal is confirmed, and the plan is active on your account.')).toBeTruthy();
    expect(verify).toHaveBeenCalledWith('I-VERIFY1');
  });

  it("shows billing's failure message when the subscription cannot be verified", async () => {
    verify.mockRejectedValue({ status: 403, code: 'CUSTOM_ID_MISMATCH', message: 'x' });
    keishaStore.setState({ auth: { ...initialAuthState, user, isAuthenticated: true, sessionRestored: true } });
    renderPaypalReturn();
    expect((await screen.findByRole('alert')).textContent).toBe('We could not verify this PayPal subscription. Please contact support.');
    expect(screen.getByText('Welcome to Keisha. Your Monthly plan purchase through PayPal has not been confirmed yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Decoding Now' })).toBeTruthy();
  });

  it('asks again while PayPal is still activating the subscription', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      verify
        .mockResolvedValueOnce({ success: true, verified: false, paypal_status: 'APPROVED', subscription: null, entitlement })
        .mockResolvedValueOnce({ success: true, verified: true, paypal_status: 'ACTIVE', subscription: null, entitlement });
      keishaStore.setState({ auth: { ...initialAuthState, user, isAuthenticated: true, sessionRestored: true } });
      renderPaypalReturn();
      await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(3000);
      expect(await screen.findByText(/^Confirmed:/)).toBeTruthy();
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
