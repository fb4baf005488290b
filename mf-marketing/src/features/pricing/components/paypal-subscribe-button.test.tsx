import { PLAN_ALREADY_COVERED } from '@keisha/contracts/billing';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayPalButtonsOptions } from '../domain/paypal.ts';

vi.mock('../../../lib/load-script.ts', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));

const { PayPalSubscribeButton } = await import('./paypal-subscribe-button.tsx');

type PayPalWindow = { paypal?: { Buttons: (options: PayPalButtonsOptions) => unknown } };

function renderButton() {
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Routes>
        <Route path="/pricing" element={<PayPalSubscribeButton clientId="client-1" planId="P-MONTHLY" tier="monthly" amount="9.99" planName="Monthly" accountId="acc-1" />} />
        <Route path="/thank-you" element={<p>thank-you page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const COVERED = 'You already have News Decoder Annual until 1 March 2031, which includes everything News Decoder Monthly gives. Buying it would add nothing, so you have not been charged.';

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Identity's refresh (the reader's session) and billing's check, answered in turn from `checks`: 'adds' (200),
 * 'covered' (409 PLAN_ALREADY_COVERED) or 'down' (a network failure). Returns the tiers billing was asked about.
 */
function billingAnswers(...checks: Array<'adds' | 'covered' | 'down'>) {
  const asked: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/refresh') return json({ success: true, user: { id: 'acc-1', email: 'r@example.org', role: 'user' }, token: 't', expires_in: 900 });
    if (url !== '/api/billing/paypal/check') return json({ success: false, error: { code: 'NOT_FOUND', message: url } }, 404);
    asked.push(JSON.parse(String(init?.body)));
    const answer = checks.shift() ?? 'adds';
    if (answer === 'down') throw new TypeError('Failed to fetch');
    if (answer === 'covered') return json({ success: false, error: { code: PLAN_ALREADY_COVERED, message: COVERED, details: { reason: COVERED } } }, 409);
    return json({ success: true });
  });
  return asked;
}

/** PayPal's SDK as the page sees it: Buttons(options) renders 'PayPal button'; the options are kept for the test to press. */
function fakeSdk() {
  const seen: { options?: PayPalButtonsOptions } = {};
  (window as PayPalWindow).paypal = {
    Buttons: (given) => {
      seen.options = given;
      return { isEligible: () => true, render: (container: HTMLElement) => Promise.resolve(void container.append('PayPal button')) };
    },
  };
  return seen;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  delete (window as PayPalWindow).paypal;
  vi.restoreAllMocks();
});

describe('PayPalSubscribeButton', () => {
  it("asks billing, renders PayPal's button for the plan, asks again on subscribe, and goes to /thank-you on approval", async () => {
    const asked = billingAnswers('adds', 'adds');
    const sdk = fakeSdk();
    renderButton();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Monthly plan with PayPal' }).textContent).toBe('PayPal button'));
    const create = vi.fn(() => Promise.resolve('I-NEW'));
    await sdk.options!.createSubscription({}, { subscription: { create } });
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-MONTHLY', custom_id: 'acc-1' });
    expect(asked).toEqual([{ tier: 'monthly' }, { tier: 'monthly' }]);
    await sdk.options!.onApprove({ subscriptionID: 'I-NEW' });
    expect(await screen.findByText('thank-you page')).toBeTruthy();
  });

  it("shows billing's reason instead of PayPal's button when the reader's plan already covers this one", async () => {
    billingAnswers('covered');
    fakeSdk();
    renderButton();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', COVERED);
    expect(document.querySelector<HTMLElement>('[aria-label="Subscribe to the Monthly plan with PayPal"]')!.hidden).toBe(true);
    expect(screen.queryByText('PayPal button')).toBeNull();
  });

  it('refuses at subscribe when a plan bought since covers this one: PayPal never creates the subscription, and no payment error is shown', async () => {
    billingAnswers('adds', 'covered');
    const sdk = fakeSdk();
    renderButton();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Monthly plan with PayPal' }).textContent).toBe('PayPal button'));
    const create = vi.fn(() => Promise.resolve('I-NEW'));
    await expect(sdk.options!.createSubscription({}, { subscription: { create } })).rejects.toThrow(COVERED);
    sdk.options!.onError?.(new Error(COVERED));
    expect(create).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', COVERED);
    expect(screen.queryByText(/The payment did not go through/)).toBeNull();
  });

  it('shows the button when billing cannot be asked first, and starts nothing while it still cannot', async () => {
    billingAnswers('down', 'down');
    const sdk = fakeSdk();
    renderButton();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Monthly plan with PayPal' }).textContent).toBe('PayPal button'));
    const create = vi.fn(() => Promise.resolve('I-NEW'));
    await expect(sdk.options!.createSubscription({}, { subscription: { create } })).rejects.toThrow();
    sdk.options!.onError?.(new Error('createSubscription failed'));
    expect(create).not.toHaveBeenCalled();
    expect(await screen.findByText(/^The payment did not go through, and the subscription was not started\./)).toBeTruthy();
  });

  it('logs a render failure and shows the fallback instead of breaking the page', async () => {
    billingAnswers('adds');
    (window as PayPalWindow).paypal = {
      Buttons: () => ({ isEligible: () => true, render: () => Promise.reject(new Error('zoid destroyed')) }),
    };
    renderButton();
    expect(await screen.findByText(/^PayPal could not be loaded right now\./)).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('PayPal subscription button failed'), expect.any(Error));
  });

  it('shows the fallback when the SDK loaded without Buttons', async () => {
    billingAnswers('adds');
    renderButton();
    expect(await screen.findByRole('link', { name: "See the decoder's plans" })).toBeTruthy();
  });
});
