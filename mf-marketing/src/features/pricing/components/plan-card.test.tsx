import { initialAuthState, keishaStore } from '@keisha/store';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pricingTiers } from '../domain/pricing-tiers.ts';
import type { PaymentOptionsState } from '../hooks/use-payment-options.ts';
import { catalogueFixture } from '../test/catalogue-fixture.ts';

vi.mock('../../../lib/load-script.ts', () => ({ loadScript: vi.fn(() => Promise.resolve()) }));
const { PlanCard } = await import('./plan-card.tsx');

const monthly = pricingTiers(catalogueFixture())[1]!;
const paypal = { clientId: 'client-1', planIds: { monthly: 'P-MONTHLY', annual: 'P-ANNUAL' }, sandbox: false };

function renderCard(payment: PaymentOptionsState) {
  render(
    <MemoryRouter>
      <ul>
        <PlanCard tier={monthly} payment={payment} chosen={false} />
      </ul>
    </MemoryRouter>,
  );
}

const ready = (settings: typeof paypal | null): PaymentOptionsState => ({ status: 'ready', paypal: settings });

afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  delete (window as { paypal?: unknown }).paypal;
  vi.restoreAllMocks();
});

describe('PlanCard payment', () => {
  it('without PayPal settings shows the not-configured fallback', () => {
    renderCard(ready(null));
    expect(screen.getByText(/^Online payment is not configured on this site yet\./)).toBeTruthy();
  });

  it('says it is loading while billing has not said, and falls back when billing could not', () => {
    renderCard({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading payment options...');
    expect(document.querySelector('script[src*="paypal"]')).toBeNull();
  });

  it('falls back when the payment options could not be loaded', () => {
    renderCard({ status: 'failed' });
    expect(screen.getByText(/^Online payment could not be loaded right now\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: "See the decoder's plans" })).toBeTruthy();
  });

  it('with PayPal configured, asks a guest to sign in first (the plan belongs to an account)', () => {
    renderCard(ready(paypal));
    expect(screen.getByRole('link', { name: 'Sign in to subscribe' }).getAttribute('href')).toBe('/bias-detection?account=sign-in&next=%2F');
    expect(screen.queryByRole('group', { name: /with PayPal/ })).toBeNull();
  });

  it("with PayPal configured and an account, renders PayPal's button with the account as custom_id", async () => {
    const create = vi.fn(() => Promise.resolve('I-1'));
    (window as { paypal?: unknown }).paypal = {
      Buttons: (options: { createSubscription: (d: unknown, a: unknown) => Promise<string> }) => ({
        isEligible: () => true,
        render: async (container: HTMLElement) => {
          container.append('PayPal button');
          await options.createSubscription({}, { subscription: { create } });
        },
      }),
    };
    keishaStore.setState({
      auth: { ...initialAuthState, user: { id: 'acc-42', email: 'a@example.org', daily_usage_count: 0, last_usage_reset: '2026-11-21' }, isAuthenticated: true, sessionRestored: true },
    });
    // The reader's session, and billing saying the plan adds something (asked before the button and on subscribe).
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/auth/refresh' ? answer({ success: true, user: { id: 'acc-42', email: 'a@example.org', role: 'user' }, token: 't', expires_in: 900 }) : answer({ success: true }),
    );
    renderCard(ready(paypal));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Subscribe to the Monthly plan with PayPal' }).textContent).toBe('PayPal button'));
    expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/billing/paypal/check')).toHaveLength(2);
    expect(create).toHaveBeenCalledWith({ plan_id: 'P-MONTHLY', custom_id: 'acc-42' });
  });
});
