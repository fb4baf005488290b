import type { Usage } from '@keisha/contracts/decoder';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi, type FakeResponse } from '@keisha/config/testing/fake-api';
import { READER, resetSession, signedInAs, signedOut } from '../../../testing/session.ts';
import { guestUsageAtLimit } from '../../../testing/usage.ts';
import { forgetPaywallPlans } from '../hooks/use-paywall-plans.ts';
import { PaywallDialog } from './paywall-dialog.tsx';

const usage = guestUsageAtLimit;

const usd = (cents: number) => ({ cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` });

/** Billing's catalogue as GET /api/billing/plans answers it, at the prices of spec section 9. */
const CATALOGUE = {
  success: true,
  decoder: {
    plans: [
      { tier: 'free', name: 'Free', usage_limit: 3, billing_cycle: 'daily', bitcoin_price: usd(0), cashapp_price: usd(0), features: ['3 analyses per day'] },
      { tier: 'monthly', name: 'Monthly', usage_limit: 10, billing_cycle: 'monthly', bitcoin_price: usd(700), cashapp_price: usd(1499), features: ['10 analyses per day', 'Advanced detection'] },
      { tier: 'annual', name: 'Annual', usage_limit: null, billing_cycle: 'yearly', bitcoin_price: usd(6000), cashapp_price: usd(9999), features: ['Unlimited analyses'] },
    ],
  },
};

const SUBSCRIPTION_ID = '44444444-4444-4444-8444-444444444444';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

let api: FakeApi;
beforeEach(() => {
  forgetPaywallPlans();
  api = fakeApi({ 'GET /api/billing/plans': { json: CATALOGUE }, 'POST /api/analytics/track': { status: 202, json: { success: true } } });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(async () => {
  await resetSession();
  vi.unstubAllGlobals();
});

function renderPaywall(props: Partial<Parameters<typeof PaywallDialog>[0]> = {}) {
  const onClose = vi.fn();
  const leave = vi.fn();
  render(
    <MemoryRouter initialEntries={['/bias-detection']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route
          path="/bias-detection"
          element={<PaywallDialog signedIn={false} usage={usage()} onClose={onClose} onCreateAccount={() => undefined} leave={leave} {...props} />}
        />
        <Route path="/pricing" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onClose, leave };
}

function renderForReader(overrides: Partial<Usage> = {}) {
  signedInAs(api, READER);
  return renderPaywall({ signedIn: true, usage: usage({ subscription_tier: 'free', ...overrides }) });
}

function answerPayments(answer: FakeResponse) {
  api.on('POST /api/bias-payment/create-subscription', answer);
}

describe('PaywallDialog', () => {
  it('speaks to a guest, with the reset note, both plans at the catalogue prices and the account note', async () => {
    const onCreateAccount = vi.fn();
    signedOut(api);
    renderPaywall({ onCreateAccount });
    const dialog = screen.getByRole('dialog', { name: 'Guest Limit Reached' });
    expect(within(dialog).getByText('Usage resets at midnight')).toBeTruthy();
    const monthly = await within(dialog).findByRole('region', { name: 'Monthly' });
    const annual = within(dialog).getByRole('region', { name: 'Annual' });
    expect(within(annual).getByText('RECOMMENDED')).toBeTruthy();
    expect(within(monthly).queryByText('RECOMMENDED')).toBeNull();
    expect(within(monthly).getByRole('button', { name: 'Pay $7 with Bitcoin' })).toBeTruthy();
    expect(within(monthly).getByRole('button', { name: 'Pay $14.99 with Cash App' })).toBeTruthy();
    expect(within(annual).getByRole('button', { name: 'Pay $60 with Bitcoin' })).toBeTruthy();
    expect(within(annual).getByRole('button', { name: 'Pay $99.99 with Cash App' })).toBeTruthy();
    expect(within(annual).getByText('Save $24 (29%) with Bitcoin')).toBeTruthy();
    expect(within(annual).getByText('Save $79.89 (44%) with Cash App')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create a free account' }));
    expect(onCreateAccount).toHaveBeenCalledOnce();
  });

  it('shows no price until the catalogue answers, and offers to ask again when it cannot', async () => {
    signedOut(api);
    api.on('GET /api/billing/plans', { status: 503, json: { success: false, error: { code: 'UNAVAILABLE', message: 'down' } } });
    renderPaywall();
    expect(screen.getByRole('status').textContent).toBe('Loading plans...');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the plans right now.');
    expect(screen.queryByText(/\$/)).toBeNull();
    api.on('GET /api/billing/plans', { json: CATALOGUE });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $7 with Bitcoin' })).toBeTruthy();
  });

  it('speaks to a signed-in reader without the guest note', async () => {
    renderForReader();
    const dialog = screen.getByRole('dialog', { name: 'Daily Limit Reached' });
    expect(within(dialog).queryByRole('button', { name: 'Create a free account' })).toBeNull();
    expect(within(dialog).getByText('Usage resets at midnight')).toBeTruthy();
    expect(await within(dialog).findByRole('region', { name: 'Annual' })).toBeTruthy();
  });

  it('offers a Monthly reader at 10 of 10 only the plan that raises the limit: Annual', async () => {
    renderForReader({ subscription_tier: 'monthly', limit: 10, daily_limit: 10, daily_count: 10 });
    const dialog = screen.getByRole('dialog', { name: 'Daily Limit Reached' });
    expect(within(dialog).getByText('You have used all 10 of your analyses for today. Upgrade to the Annual plan for unlimited analyses.')).toBeTruthy();
    const annual = await within(dialog).findByRole('region', { name: 'Annual' });
    expect(within(annual).getByRole('button', { name: 'Pay $60 with Bitcoin' })).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'Monthly' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Pay $7 with Bitcoin' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Pay $14.99 with Cash App' })).toBeNull();
  });

  it('offers a Free reader at the limit both plans', async () => {
    renderForReader();
    const dialog = screen.getByRole('dialog', { name: 'Daily Limit Reached' });
    expect(await within(dialog).findByRole('region', { name: 'Monthly' })).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Annual' })).toBeTruthy();
  });

  it('hides the reset note for an unlimited plan', async () => {
    renderForReader({ subscription_tier: 'annual', unlimited: true, limit: null, daily_limit: null });
    await screen.findByRole('region', { name: 'Annual' });
    expect(screen.queryByText('Usage resets at midnight')).toBeNull();
  });

  it('sends a guest to /pricing with the plan, source, payment and user type, without asking billing', async () => {
    signedOut(api);
    const { onClose } = renderPaywall();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $99.99 with Cash App' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/pricing?plan=annual&source=paywall&payment=cashapp&user_type=guest');
    expect(api.callsTo('POST /api/bias-payment/create-subscription')).toHaveLength(0);
  });

  it("opens a Bitcoin purchase with billing and goes to the provider's page", async () => {
    answerPayments({
      status: 201,
      json: { success: true, payment_url: `/api/billing/sandbox/checkout/${SUBSCRIPTION_ID}`, amount: 7, currency: 'USD', subscription_id: SUBSCRIPTION_ID, provider: 'sandbox', status: 'pending', instructions: null },
    });
    const { leave } = renderForReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $7 with Bitcoin' }));
    expect(await screen.findByRole('button', { name: 'Opening checkout...' })).toBeTruthy();
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(`/api/billing/sandbox/checkout/${SUBSCRIPTION_ID}`));
    const [call] = api.callsTo('POST /api/bias-payment/create-subscription');
    expect(call?.headers.authorization).toBe(`Bearer token-of-${READER.id}`);
    expect(call?.body).toEqual({ user_id: READER.id, tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' });
  });

  it('sends a reader to /pricing when billing answers without a payment_url', async () => {
    answerPayments({ status: 201, json: { success: true, amount: 60, currency: 'USD', subscription_id: SUBSCRIPTION_ID } });
    const { leave, onClose } = renderForReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $60 with Bitcoin' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/pricing?plan=annual&source=paywall&payment=bitcoin&user_type=free');
    expect(onClose).toHaveBeenCalled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the Cash App instructions of a pending manual payment, with the account email as the note', async () => {
    const message = 'Send $14.99 with Cash App to $KeishaAI and write your account email (reader@example.org) in the note. We match the payment and update your account within 1 hour.';
    answerPayments({
      status: 201,
      json: {
        success: true,
        payment_url: `/api/billing/cashapp/${SUBSCRIPTION_ID}`,
        amount: 14.99,
        currency: 'USD',
        subscription_id: SUBSCRIPTION_ID,
        provider: 'cashapp',
        status: 'pending',
        instructions: { cashtag: '$KeishaAI', amount: usd(1499), note: READER.email, message },
      },
    });
    const { leave, onClose } = renderForReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $14.99 with Cash App' }));
    const instructions = await screen.findByRole('region', { name: 'Pay for the Monthly plan with Cash App' });
    expect(within(instructions).getByText('$14.99 USD')).toBeTruthy();
    expect(within(instructions).getByText('$KeishaAI')).toBeTruthy();
    expect(within(instructions).getByText(READER.email)).toBeTruthy();
    expect(within(instructions).getByRole('status').textContent).toBe(message);
    expect(within(instructions).getByRole('link', { name: /Open Cash App/ }).getAttribute('href')).toBe('https://cash.app/$KeishaAI/14.99');
    expect(document.activeElement).toBe(within(instructions).getByRole('heading', { name: 'Pay for the Monthly plan with Cash App' }));
    expect(leave).not.toHaveBeenCalled();
    expect(api.callsTo('POST /api/bias-payment/create-subscription')[0]?.body).toMatchObject({ tier: 'monthly', payment_method: 'cashapp' });
    fireEvent.click(within(instructions).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the spec's message when the payment cannot be started, and lets the reader try again", async () => {
    answerPayments({ status: 502, json: { success: false, error: { code: 'PROVIDER_ERROR', message: 'Payment initiation failed' } } });
    const { leave } = renderForReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $7 with Bitcoin' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to initiate payment. Please try again or contact support.');
    answerPayments({ status: 201, json: { success: true, payment_url: 'https://commerce.coinbase.com/pay/ABC', subscription_id: SUBSCRIPTION_ID } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $7 with Bitcoin' }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://commerce.coinbase.com/pay/ABC'));
  });

  it('shows why billing refused a plan the reader already has, instead of a failure', async () => {
    const why = 'You already have News Decoder Annual until Nov 28, 2027, which includes everything News Decoder Monthly gives. Buying it would add nothing, so you have not been charged.';
    answerPayments({ status: 409, json: { success: false, error: { code: 'PLAN_ALREADY_COVERED', message: why } } });
    const { leave } = renderForReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $7 with Bitcoin' }));
    expect((await screen.findByRole('alert')).textContent).toBe(why);
    expect(leave).not.toHaveBeenCalled();
  });

  it('treats a session the server no longer accepts as a guest, and sends them to /pricing', async () => {
    signedInAs(api, READER);
    api.on('POST /api/auth/refresh', { status: 401, json: { success: false, error: { code: 'SESSION_EXPIRED', message: 'Session expired' } } });
    answerPayments({ status: 401, json: { success: false, error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } } });
    renderPaywall({ signedIn: true, usage: usage({ subscription_tier: 'free' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $7 with Bitcoin' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
  });
});
