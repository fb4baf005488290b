import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFixture } from '../test/catalogue-fixture.ts';

const loadScript = vi.fn((_src: string) => Promise.resolve());
vi.mock('../../../lib/load-script.ts', () => ({ loadScript: (src: string) => loadScript(src) }));
const { PricingPage } = await import('./pricing-page.tsx');

/** Billing's payment options without PayPal (the default, offline run). */
const NO_PAYPAL = { success: true, sandbox: true, bitcoin: { provider: 'sandbox' }, cashapp: { cashtag: null }, paypal: null };

function renderPricing(path = '/pricing') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PricingPage />
    </MemoryRouter>,
  );
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers the catalogue with `body`, and the payment options with `options` (a thrown error: billing unreachable). */
function answerWith(body: unknown, status = 200, options: unknown = NO_PAYPAL) {
  let catalogue = { body, status };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/billing/payment-options') {
      if (options instanceof Error) throw options;
      return json(options);
    }
    if (url === '/api/billing/plans') return json(catalogue.body, catalogue.status);
    // A signed-in reader's session, and billing's "this plan adds something" before PayPal's button.
    if (url === '/api/auth/refresh') return json({ success: true, user: { id: 'acc-7', email: 'a@example.org', role: 'user' }, token: 'access-token', expires_in: 900 });
    if (url === '/api/billing/paypal/check') return json({ success: true });
    return json({ success: false, error: { code: 'NOT_FOUND', message: url } }, 404);
  });
  return Object.assign(spy, { answerCatalogue: (next: unknown, nextStatus = 200) => (catalogue = { body: next, status: nextStatus }) });
}

afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  delete (window as { paypal?: unknown }).paypal;
  loadScript.mockClear();
  vi.restoreAllMocks();
});

describe('PricingPage offline (the sandbox): PayPal stands in, a paywall checkout resumes, prices by method', () => {
  const SANDBOX = { success: true, sandbox: true, bitcoin: { provider: 'sandbox' }, cashapp: { cashtag: '$KeishaSandbox', sandbox: true }, paypal: { client_id: 'sandbox', plans: { monthly: 'P-SANDBOX-MONTHLY', annual: 'P-SANDBOX-ANNUAL' }, sandbox: true } };
  const READER = { id: 'u-1', email: 'reader@example.org', role: 'user' };
  /** Identity's answer to the refresh cookie: the session's access token. */
  const REFRESHED = { success: true, user: READER, token: 'access-token', expires_in: 900 };
  const signInReader = () =>
    keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: { id: 'u-1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: '2030-01-01' } });

  it('offers the PayPal sandbox button to a signed-in reader, without loading PayPal’s script, and opens billing’s approval page', { timeout: 30_000 }, async () => {
    const fetchSpy = answerWith(catalogueFixture(), 200, SANDBOX);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchSpy.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/billing/payment-options') return json(SANDBOX);
      if (url === '/api/billing/plans') return json(catalogueFixture());
      if (url === '/api/auth/refresh') return json(REFRESHED);
      if (url === '/api/billing/paypal/sandbox/subscriptions') return json({ success: true, subscription_id: 'I-SANDBOX-ABCDEFGHJKLM', approve_url: '/api/billing/sandbox/paypal/I-SANDBOX-ABCDEFGHJKLM' }, 201);
      return json({ success: false, error: { code: 'NOT_FOUND', message: url } }, 404);
    });
    signInReader();
    renderPricing();
    const monthly = await screen.findByRole('article', { name: 'Monthly' }, { timeout: 15_000 });
    const button = await within(monthly).findByRole('button', { name: 'Subscribe to the Monthly plan with PayPal (sandbox)' }, { timeout: 15_000 });
    expect(monthly.textContent).toContain('Sandbox — no real money moves');
    fireEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/billing/sandbox/paypal/I-SANDBOX-ABCDEFGHJKLM'));
    expect(loadScript).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('says why billing refused a plan the reader already has, on the PayPal sandbox button and on a resumed checkout', { timeout: 30_000 }, async () => {
    const why = 'You already have News Decoder Annual until Nov 28, 2027, which includes everything News Decoder Monthly gives. Buying it would add nothing, so you have not been charged.';
    const refused = () => json({ success: false, error: { code: 'PLAN_ALREADY_COVERED', message: why } }, 409);
    const fetchSpy = answerWith(catalogueFixture(), 200, SANDBOX);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchSpy.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/billing/payment-options') return json(SANDBOX);
      if (url === '/api/billing/plans') return json(catalogueFixture());
      if (url === '/api/auth/refresh') return json(REFRESHED);
      if (url === '/api/billing/paypal/sandbox/subscriptions' || url === '/api/bias-payment/create-subscription') return refused();
      return json({ success: false, error: { code: 'NOT_FOUND', message: url } }, 404);
    });
    signInReader();
    renderPricing('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
    const monthly = await screen.findByRole('article', { name: 'Monthly' }, { timeout: 15_000 });
    fireEvent.click(await within(monthly).findByRole('button', { name: 'Subscribe to the Monthly plan with PayPal (sandbox)' }, { timeout: 15_000 }));
    expect((await within(monthly).findByRole('alert')).textContent).toBe(why);
    const resume = await screen.findByRole('region', { name: /Your checkout: Monthly plan/ });
    fireEvent.click(within(resume).getByRole('button', { name: 'Pay $7.00 with Bitcoin' }));
    expect((await within(resume).findByRole('alert')).textContent).toBe(why);
    expect(assign).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('resumes the paywall’s checkout for a signed-in reader: the same plan and way to pay', async () => {
    const fetchSpy = answerWith(catalogueFixture(), 200, SANDBOX);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchSpy.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/billing/payment-options') return json(SANDBOX);
      if (url === '/api/billing/plans') return json(catalogueFixture());
      if (url === '/api/auth/refresh') return json(REFRESHED);
      if (url === '/api/bias-payment/create-subscription') {
        expect(JSON.parse(String(init?.body))).toEqual({ user_id: 'u-1', tier: 'monthly', payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' });
        return json({ success: true, payment_url: '/api/billing/sandbox/checkout/c-1', amount: 7, currency: 'USD', subscription_id: 'c-1', provider: 'sandbox', status: 'pending', instructions: null }, 201);
      }
      return json({ success: false, error: { code: 'NOT_FOUND', message: url } }, 404);
    });
    signInReader();
    renderPricing('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
    const resume = await screen.findByRole('region', { name: /Your checkout: Monthly plan/ });
    fireEvent.click(within(resume).getByRole('button', { name: 'Pay $7.00 with Bitcoin' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/billing/sandbox/checkout/c-1'));
    vi.unstubAllGlobals();
  });

  it('asks a guest to create an account (or sign in) before the checkout, keeping the plan and the way to pay', async () => {
    answerWith(catalogueFixture(), 200, SANDBOX);
    renderPricing('/pricing?plan=annual&source=paywall&payment=cashapp&user_type=guest');
    const resume = await screen.findByRole('region', { name: /Your checkout: Annual plan/ });
    expect(within(resume).getByRole('button', { name: 'Create account and pay $99.99 with Cash App' })).toBeTruthy();
    expect(within(resume).getByLabelText('Confirm password')).toBeTruthy();
    fireEvent.click(within(resume).getByRole('button', { name: 'I already have an account' }));
    expect(within(resume).getByRole('button', { name: 'Sign in and pay $99.99 with Cash App' })).toBeTruthy();
  });

  it('lists each plan’s price by way of paying, and says why they differ', async () => {
    answerWith(catalogueFixture(), 200, SANDBOX);
    renderPricing();
    const prices = await screen.findByRole('region', { name: 'Prices by way of paying' });
    const cells = within(prices).getAllByRole('row').map((row) => row.textContent);
    expect(cells).toEqual(['PlanPayPalBitcoinCash App', 'Monthly$12.34 / month$7.00 / month$14.99 / month', 'Annual$120.00 / year$60.00 / year$99.99 / year']);
    expect(prices.textContent).toContain('Why the prices differ');
  });
});

describe('PricingPage', () => {
  it('shows a loading state, then the three tiers with the prices of the catalogue', async () => {
    const fetchSpy = answerWith(catalogueFixture());
    renderPricing();
    expect(screen.getByRole('status').textContent).toBe('Loading current prices...');
    const monthly = await screen.findByRole('article', { name: 'Monthly' });
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/billing/plans');
    expect(within(monthly).getByText('$12.34')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Annual' })).getByText('Save $28.08 a year against paying monthly')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/bias-detection');
  });

  it('without a PayPal client id, says online payment is not configured and links to the decoder', async () => {
    answerWith(catalogueFixture());
    renderPricing();
    for (const name of ['Monthly', 'Annual']) {
      const card = await screen.findByRole('article', { name });
      expect(within(card).getByText(/^Online payment is not configured on this site yet\./)).toBeTruthy();
      expect(within(card).getByRole('link', { name: "See the decoder's plans" }).getAttribute('href')).toBe('/bias-detection');
    }
    expect(loadScript).not.toHaveBeenCalled();
  });

  it("renders PayPal's buttons with the client id and plan ids billing gives, for a signed-in reader", async () => {
    answerWith(catalogueFixture(), 200, { ...NO_PAYPAL, paypal: { client_id: 'client-42', plans: { monthly: 'P-MONTH', annual: 'P-YEAR' } } });
    const created: unknown[] = [];
    (window as { paypal?: unknown }).paypal = {
      Buttons: (options: { createSubscription: (d: unknown, a: unknown) => Promise<string> }) => ({
        isEligible: () => true,
        render: async (container: HTMLElement) => {
          container.append('PayPal button');
          await options.createSubscription({}, { subscription: { create: (body: unknown) => Promise.resolve(String(created.push(body))) } });
        },
      }),
    };
    keishaStore.setState({
      auth: { ...initialAuthState, user: { id: 'acc-7', email: 'a@example.org', daily_usage_count: 0, last_usage_reset: '2026-11-21' }, isAuthenticated: true, sessionRestored: true },
    });
    renderPricing();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Annual plan with PayPal' }).textContent).toBe('PayPal button'));
    expect(loadScript.mock.calls[0]![0]).toMatch(/^https:\/\/www\.paypal\.com\/sdk\/js\?client-id=client-42&/);
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created).toEqual(expect.arrayContaining([{ plan_id: 'P-MONTH', custom_id: 'acc-7' }, { plan_id: 'P-YEAR', custom_id: 'acc-7' }]));
  });

  it('logs a failure of the payment options and keeps the page, with the fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answerWith(catalogueFixture(), 200, new TypeError('Failed to fetch'));
    renderPricing();
    const monthly = await screen.findByRole('article', { name: 'Monthly' });
    expect(await within(monthly).findByText(/^Online payment could not be loaded right now\./)).toBeTruthy();
    expect(within(monthly).getByText('$12.34')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not load the payment options'), expect.anything());
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('explains a failed catalogue and loads it again on Try again', async () => {
    const fetchSpy = answerWith({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }, 503);
    renderPricing();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load current prices right now.');
    expect(screen.queryByRole('article', { name: 'Monthly' })).toBeNull();
    fetchSpy.answerCatalogue(catalogueFixture());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Monthly' })).toBeTruthy();
  });

  it('treats an answer that is not a catalogue as a failure', async () => {
    answerWith({ success: true, marketing: 'nope' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPricing();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load current prices');
  });

  it('has the decoder banner, the enterprise onboarding form and the chat plans (live, not coming soon)', () => {
    answerWith(catalogueFixture());
    renderPricing();
    expect(screen.getByRole('complementary', { name: 'News Decoder' })).toBeTruthy();
    const onboarding = screen.getByRole('link', { name: /Start enterprise onboarding/ });
    expect(onboarding.getAttribute('href')).toMatch(/^https:\/\//);
    expect(onboarding.getAttribute('target')).toBe('_blank');
    expect(onboarding.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('heading', { level: 2, name: 'Keisha, the chat assistant' }).closest('section')?.id).toBe('chat-plans');
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it("points at the plan chosen in the decoder's paywall, and tells a guest to make an account first", async () => {
    answerWith(catalogueFixture());
    renderPricing('/pricing?plan=monthly&source=paywall&payment=cashapp&user_type=guest');
    expect(within(await screen.findByRole('article', { name: 'Monthly' })).getByText('Your choice')).toBeTruthy();
    expect(screen.getByText(/Paid plans belong to an account/)).toBeTruthy();
  });
});
