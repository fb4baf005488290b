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

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  delete (window as PayPalWindow).paypal;
  vi.restoreAllMocks();
});

describe('PayPalSubscribeButton', () => {
  it("renders PayPal's button for the plan, and goes to /thank-you on approval", async () => {
    let options: PayPalButtonsOptions | undefined;
    (window as PayPalWindow).paypal = {
      Buttons: (given) => {
        options = given;
        return { isEligible: () => true, render: (container: HTMLElement) => Promise.resolve(void container.append('PayPal button')) };
      },
    };
    renderButton();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Monthly plan with PayPal' }).textContent).toBe('PayPal button'));
    const create = vi.fn(() => Promise.resolve('I-NEW'));
    await options!.createSubscription({}, { subscription: { create } });
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-MONTHLY', custom_id: 'acc-1' });
    await options!.onApprove({ subscriptionID: 'I-NEW' });
    expect(await screen.findByText('thank-you page')).toBeTruthy();
  });

  it('logs a render failure and shows the fallback instead of breaking the page', async () => {
    (window as PayPalWindow).paypal = {
      Buttons: () => ({ isEligible: () => true, render: () => Promise.reject(new Error('zoid destroyed')) }),
    };
    renderButton();
    expect(await screen.findByText(/^PayPal could not be loaded right now\./)).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('PayPal subscription button failed'), expect.any(Error));
  });

  it('shows the fallback when the SDK loaded without Buttons', async () => {
    renderButton();
    expect(await screen.findByRole('link', { name: "See the decoder's plans" })).toBeTruthy();
  });
});
