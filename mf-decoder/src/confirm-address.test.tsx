import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { authSuccess, fakeApi, type FakeApi } from '@keisha/config/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DecoderApp from './App.tsx';
import { CONFIRM_ADDRESS_TITLE, LINK_SENT } from '@keisha/ui';
import { CONFIRMED, UNCONFIRMED_ALLOWANCE } from './features/confirm-address/confirm-address-text.ts';

const READER = { id: 'u1', email: 'reader@example.org', role: 'user' as const };
const atLimit = {
  daily_count: 3,
  limit: 3,
  daily_limit: 3,
  subscription_tier: 'free',
  remaining: 0,
  unlimited: false,
  hasReachedLimit: true,
  shouldPromptUpgrade: true,
  resets_at: '2999-01-01T00:00:00.000Z',
};
const me = (verified: boolean | undefined) => ({ json: { success: true, user: { ...READER, created_at: '2025-01-15T10:00:00.000Z', ...(verified === undefined ? {} : { email_verified: verified }) } } });

let api: FakeApi;
let verified: boolean | undefined;

beforeEach(() => {
  verified = false;
  api = fakeApi({
    'POST /api/auth/refresh': authSuccess(READER),
    'GET /api/auth/me': () => me(verified),
    'GET /api/bias-usage/current': { json: { success: true, usage: { ...atLimit, daily_count: 2, remaining: 1, hasReachedLimit: false } } },
    'POST /api/bias-analysis': { status: 429, json: { success: false, error: { code: 'USAGE_LIMIT_EXCEEDED', message: 'Daily usage limit exceeded' }, usage: atLimit } },
    'POST /api/auth/verify-email/resend': { json: { success: true } },
  });
  vi.stubGlobal('fetch', api.fetch);
  keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: { ...READER, daily_usage_count: 0, last_usage_reset: '2025-01-01' } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  keishaStore.setState({ auth: initialAuthState });
  localStorage.clear();
});

async function reachLimit() {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <DecoderApp page="decoder" />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Article text' }), { target: { value: 'Officials promised to restore law and order.' } });
  fireEvent.click(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
  return screen.findByRole('dialog', { name: /Limit Reached/ });
}

describe('the paywall of a free account that has not confirmed its address', () => {
  it('says that the allowance is the address’s until the address is confirmed, and sends a new link', async () => {
    const paywall = await reachLimit();
    const notice = await within(paywall).findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    expect(within(notice).getByText(UNCONFIRMED_ALLOWANCE)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect((await within(notice).findByRole('status')).textContent).toBe(LINK_SENT);
    expect(api.callsTo('POST /api/auth/verify-email/resend')[0]!.headers.authorization).toBe('Bearer token-of-u1');
  });

  it('takes a new token once the link was opened and says the own allowance starts', async () => {
    const paywall = await reachLimit();
    const notice = await within(paywall).findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    const refreshes = api.callsTo('POST /api/auth/refresh').length;
    verified = true;
    fireEvent.click(within(notice).getByRole('button', { name: 'I have confirmed it' }));
    expect((await within(notice).findByRole('status')).textContent).toBe(CONFIRMED);
    expect(api.callsTo('POST /api/auth/refresh').length).toBe(refreshes + 1);
    expect(within(notice).queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it.each([
    ['a confirmed account', true],
    ['an account identity says nothing about (from before verification)', undefined],
  ])('shows no notice to %s', async (_name, state) => {
    verified = state;
    const paywall = await reachLimit();
    await waitFor(() => expect(api.callsTo('GET /api/auth/me').length).toBeGreaterThan(0));
    expect(within(paywall).queryByRole('region', { name: CONFIRM_ADDRESS_TITLE })).toBeNull();
  });
});

describe('the upgrade banner of a free account that has not confirmed its address', () => {
  function renderAtLimit() {
    api = fakeApi({
      'POST /api/auth/refresh': authSuccess(READER),
      'GET /api/auth/me': () => me(verified),
      'GET /api/bias-usage/current': { json: { success: true, usage: atLimit } },
    });
    vi.stubGlobal('fetch', api.fetch);
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <DecoderApp page="decoder" />
      </MemoryRouter>,
    );
    return screen.findByRole('complementary', { name: 'Upgrade' });
  }

  it('names confirming the address, the free way to an allowance of its own, before upgrading', async () => {
    const banner = await renderAtLimit();
    await waitFor(() => expect(banner.textContent).toContain('Confirm your e-mail address to get your own 3 a day, or upgrade for more.'));
    expect(api.callsTo('GET /api/auth/me').length).toBeGreaterThan(0);
  });

  it('says only "upgrade" once the address is confirmed', async () => {
    verified = true;
    const banner = await renderAtLimit();
    await waitFor(() => expect(api.callsTo('GET /api/auth/me').length).toBeGreaterThan(0));
    expect(banner.textContent).toContain('Upgrade for more analyses every day.');
  });
});
