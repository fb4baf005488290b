// The admin analytics page's figures from the server's truth (issue 28, item 6): Purchased and revenue come
// from billing, the browser-reported steps and charts say they are unverified, and billing failing alone
// leaves the browsers' figures on screen with a way to try again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsSummary, funnelOf, onLastDay, salesSummary } from '../../../testing/analytics.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from '../../../testing/session.ts';
import { apiFailure } from '../../../testing/api-failure.ts';

const DATES = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
const lastDay = (n: number) => onLastDay(DATES, n);

/** Browsers say 5,000 purchases (forged): the page must not believe them. */
const browserSummary = analyticsSummary(30, DATES, {
  events: [
    { event: 'page_view', total: 90, sessions: 20, daily: lastDay(90) },
    { event: 'purchase', total: 5000, sessions: 5000, daily: lastDay(5000) },
  ],
  funnel: funnelOf({ page_view: 20, analysis_completed: 8, paywall_shown: 4, sign_up: 3, payment_initiated: 2 }),
  client_errors: { total: 0, daily: lastDay(0), top: [] },
});

const billingSales = salesSummary(30, DATES, {
  daily_purchases: lastDay(1),
  purchases: 1,
  renewals: 0,
  revenue_cents: 2199,
  refunds: 1,
  refunded_cents: 1499,
  by_plan: [{ product: 'decoder', tier: 'monthly', purchases: 1, renewals: 0, revenue_cents: 2199, refunds: 1, refunded_cents: 1499 }],
  by_provider: [
    { provider: 'cashapp', purchases: 0, renewals: 0, revenue_cents: 1499, refunds: 1, refunded_cents: 1499 },
    { provider: 'sandbox', purchases: 1, renewals: 0, revenue_cents: 700, refunds: 0, refunded_cents: 0 },
  ],
});

const api = fakeApiForEachTest();
beforeEach(() => {
  api.on('GET /api/analytics/admin/summary', { json: browserSummary });
  signedInAs(api, ADMIN);
});

describe('admin analytics: figures from the server’s truth', () => {
  it('counts Purchased and revenue from billing, not from the browsers’ purchase events, and labels each source', async () => {
    api.on('GET /api/billing/admin/sales', { json: billingSales });
    renderApp('/admin/analytics');
    const sales = await screen.findByRole('region', { name: 'Purchases and revenue' });
    await waitFor(() => expect(within(sales).getByText('Revenue after refunds')).toBeTruthy());
    const terms = within(sales).getAllByRole('term').map((dt) => dt.textContent);
    const values = within(sales).getAllByRole('definition').map((dd) => dd.textContent);
    const figure = (term: string) => values[terms.indexOf(term)];
    expect(figure('Purchased')).toBe('1');
    expect(figure('Revenue')).toBe('$21.99');
    expect(figure('Refunded')).toBe('$14.99');
    expect(figure('Revenue after refunds')).toBe('$7.00');
    expect(within(sales).getByText('Confirmed payments (billing)')).toBeTruthy();
    const plans = within(sales).getByRole('table', { name: 'Revenue by plan' });
    expect(within(plans).getByRole('row', { name: 'Decoder Monthly 1 0 $21.99 $14.99 (1 refund)' })).toBeTruthy();
    const providers = within(sales).getByRole('table', { name: 'Revenue by provider' });
    expect(within(providers).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProviderPurchasesRenewalsRevenueRefunded',
      'Cash App00$14.99$14.99 (1 refund)',
      'Sandbox (no real money)10$7.00$0.00',
    ]);

    const funnel = within(screen.getByRole('region', { name: 'From visit to purchase' })).getByRole('table', { name: 'From visit to purchase' });
    expect(within(funnel).getByRole('row', { name: 'Started a checkout Reported by browsers (unverified) 2 10% 67%' })).toBeTruthy();
    expect(within(funnel).getByRole('row', { name: 'Purchased Confirmed payments (billing) 1 5.0% 50%' })).toBeTruthy();
    expect(within(funnel).queryByText('5,000')).toBeNull();

    // The browsers' own purchase reports stay on their chart, named as reports and labelled unverified.
    const paywall = screen.getByRole('region', { name: 'Paywall and purchases' });
    expect(within(paywall).getByText('Reported by browsers (unverified)')).toBeTruthy();
    expect(within(paywall).getByRole('table', { name: 'Paywall and purchases per day' }).textContent).toContain('Purchases (browser reports)');

    const asked = api.callsTo('GET /api/billing/admin/sales')[0]!;
    expect(asked.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
    expect(asked.query.get('days')).toBe('30');
    expect(asked.query.get('time_zone')).toBeTruthy();
  });

  it('keeps the browsers’ figures when billing does not answer, shows Purchased as unknown, and tries again', async () => {
    let billingUp = false;
    api.on('GET /api/billing/admin/sales', () =>
      billingUp ? { json: billingSales } : apiFailure(503, 'UNAVAILABLE', 'Billing is not answering.'),
    );
    renderApp('/admin/analytics');
    const sales = await screen.findByRole('region', { name: 'Purchases and revenue' });
    await waitFor(() => expect(within(sales).getByRole('button', { name: 'Try again' })).toBeTruthy());
    const funnel = screen.getByRole('table', { name: 'From visit to purchase' });
    expect(within(funnel).getByRole('row', { name: 'Purchased Confirmed payments (billing) — — —' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Visits and sign-ups' })).getByRole('table', { name: 'Visits and sign-ups per day' })).toBeTruthy();

    billingUp = true;
    fireEvent.click(within(sales).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(funnel).getByRole('row', { name: 'Purchased Confirmed payments (billing) 1 5.0% 50%' })).toBeTruthy());
    expect(within(sales).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows billing’s figures when the browsers’ summary cannot be loaded', async () => {
    api.on('GET /api/analytics/admin/summary', apiFailure(503, 'UNAVAILABLE', 'The decoder is not answering.'));
    api.on('GET /api/billing/admin/sales', { json: billingSales });
    renderApp('/admin/analytics');
    const sales = await screen.findByRole('region', { name: 'Purchases and revenue' });
    await waitFor(() => expect(within(sales).getByRole('table', { name: 'Revenue by plan' })).toBeTruthy());
    expect(await screen.findByText('The decoder is not answering.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'From visit to purchase' })).toBeNull();
  });

  it('asks billing for the period the admin picks', async () => {
    api.on('GET /api/billing/admin/sales', { json: billingSales });
    renderApp('/admin/analytics');
    await screen.findByRole('region', { name: 'Purchases and revenue' });
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(api.callsTo('GET /api/billing/admin/sales').at(-1)?.query.get('days')).toBe('90'));
  });
});
