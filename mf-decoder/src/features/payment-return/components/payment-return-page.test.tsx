import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi, type FakeResponse } from '@keisha/config/testing/fake-api';
import { READER, resetSession, signedInAs, signedOut } from '../../../testing/session.ts';
import { PaymentReturnPage, type PaymentOutcome } from './payment-return-page.tsx';

const ID = '44444444-4444-4444-8444-444444444444';
const VERIFY = `POST /api/billing/checkouts/${ID}/verify`;
const entitlement = { decoder_tier: 'monthly', chat_tier: 'Free', expires_at: '2031-02-01T12:00:00.000Z', lifetime: false };

function checkout(overrides: Record<string, unknown> = {}): FakeResponse {
  return {
    json: {
      success: true,
      checkout: {
        id: ID,
        user_id: READER.id,
        product: 'decoder',
        tier: 'monthly',
        status: 'active',
        provider: 'sandbox',
        grants_access: true,
        lifetime: false,
        current_period_end: '2031-02-01T12:00:00.000Z',
        ...overrides,
      },
      entitlement,
    },
  };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({ 'POST /api/analytics/track': { status: 202, json: { success: true } } });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(async () => {
  await resetSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderReturn(outcome: PaymentOutcome, search = `?subscription_id=${ID}`) {
  render(
    <MemoryRouter initialEntries={[`/payment/${outcome}${search}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <PaymentReturnPage outcome={outcome} />
    </MemoryRouter>,
  );
}

describe('/payment/success', () => {
  it('confirms the purchase with billing before saying it is paid, then shows the new daily limit', async () => {
    signedInAs(api);
    api.on(VERIFY, checkout());
    api.on('GET /api/bias-usage/current', { json: { success: true, usage: { daily_count: 3, limit: 10, daily_limit: 10, subscription_tier: 'monthly', remaining: 7, unlimited: false } } });
    renderReturn('success');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(screen.getByText(/^Thank you for subscribing\. Your Monthly plan is active until Feb 1, 2031\.$/)).toBeTruthy();
    expect(screen.getByText('You can now run 10 analyses a day (3 used today).')).toBeTruthy();
    expect(api.callsTo(VERIFY)[0]?.headers.authorization).toBe(`Bearer token-of-${READER.id}`);
    expect(screen.getByRole('link', { name: 'Back to the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
  });

  it('still confirms the plan when the usage cannot be read', async () => {
    signedInAs(api);
    api.on(VERIFY, checkout({ tier: 'annual' }));
    api.on('GET /api/bias-usage/current', { status: 503, json: { success: false, error: { code: 'DOWN', message: 'down' } } });
    renderReturn('success');
    expect(await screen.findByText(/Your Annual plan is active/)).toBeTruthy();
    expect(screen.queryByText(/You can now run/)).toBeNull();
  });

  it('asks again while the provider has not confirmed, and says so when it still has not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInAs(api);
    api.on(VERIFY, checkout({ status: 'pending', grants_access: false, current_period_end: null }));
    renderReturn('success');
    await vi.waitFor(() => expect(api.callsTo(VERIFY)).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(2000 * 5);
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeTruthy();
    expect(api.callsTo(VERIFY)).toHaveLength(5);
    expect(screen.queryByText('Payment received')).toBeNull();
  });

  it('says a Cash App payment waits for its match, within the hour', async () => {
    signedInAs(api);
    api.on(VERIFY, checkout({ status: 'pending', provider: 'cashapp', grants_access: false }));
    renderReturn('success');
    expect(await screen.findByRole('heading', { name: 'Payment pending' })).toBeTruthy();
    expect(screen.getByText(/we update your account within 1 hour/)).toBeTruthy();
  });

  it('never claims success for a checkout that was not paid', async () => {
    signedInAs(api);
    api.on(VERIFY, checkout({ status: 'failed', grants_access: false }));
    renderReturn('success');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(screen.getByText(/nothing was charged/)).toBeTruthy();
  });

  it('asks a reader without a session to sign in, without asking billing', async () => {
    signedOut(api);
    renderReturn('success');
    expect(await screen.findByRole('heading', { name: 'Sign in to see your payment' })).toBeTruthy();
    expect(api.callsTo(VERIFY)).toHaveLength(0);
  });

  it('does not look up a link without a purchase id, or with a forged one', async () => {
    signedInAs(api);
    renderReturn('success', `?subscription_id=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/api/billing'))).toHaveLength(0);
    expect(document.querySelector('img')).toBeNull();
  });

  it("says a purchase billing does not know for this reader is not found, and offers a retry after a failure", async () => {
    signedInAs(api);
    api.on(VERIFY, { status: 404, json: { success: false, error: { code: 'NOT_FOUND', message: 'No such payment.' } } });
    renderReturn('success');
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeTruthy();
  });

  it('offers to try again when billing cannot be reached, and confirms on the next try', async () => {
    signedInAs(api);
    api.on(VERIFY, () => {
      throw new TypeError('Failed to fetch');
    });
    renderReturn('success');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be checked right now/);
    api.on(VERIFY, checkout());
    api.on('GET /api/bias-usage/current', { json: { success: true, usage: { daily_count: 0, limit: 10, daily_limit: 10, unlimited: false } } });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });
});

describe('/payment/cancel', () => {
  it('says nothing was charged, and leads back to the decoder', () => {
    signedOut(api);
    renderReturn('cancel');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByText(/^Nothing was charged, and your plan has not changed\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
    expect(api.calls.filter((call) => call.path.startsWith('/api/billing'))).toHaveLength(0);
  });
});
