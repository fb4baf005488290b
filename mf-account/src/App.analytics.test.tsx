import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary, SalesSummary } from '@keisha/contracts/analytics';
import { analyticsSummary, funnelOf, onLastDay, salesSummary } from './testing/analytics.ts';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from './testing/session.ts';

function summaryFor(days: 7 | 30 | 90): AnalyticsSummary {
  const dates = Array.from({ length: days }, (_, i) => new Date(Date.UTC(2026, 10, 24 - days + 1 + i)).toISOString().slice(0, 10));
  const daily = (n: number) => onLastDay(dates, n);
  return analyticsSummary(days, dates, {
    events: [
      { event: 'page_view', total: 120, sessions: 40, daily: daily(120) },
      { event: 'analysis_completed', total: 30, sessions: 12, daily: daily(30) },
      { event: 'purchase', total: 2, sessions: 2, daily: daily(2) },
    ],
    funnel: funnelOf({ page_view: 40, analysis_completed: 12, paywall_shown: 0, payment_initiated: 0 }),
    client_errors: {
      total: 3,
      daily: daily(3),
      top: [{ remote: 'decoder', version: '1.0.0', kind: 'load', message: 'Remote "decoder" is unavailable: no answer within 8 s', count: 3, last_seen: '2026-11-24T10:00:00.000Z' }],
    },
  });
}

function salesFor(days: 7 | 30 | 90): SalesSummary {
  const figures = { purchases: 2, renewals: 0, revenue_cents: 1400, refunds: 0, refunded_cents: 0 };
  const dates = summaryFor(days).dates;
  return salesSummary(days, dates, {
    daily_purchases: onLastDay(dates, 2),
    ...figures,
    by_plan: [{ product: 'decoder', tier: 'monthly', ...figures }],
    by_provider: [{ provider: 'sandbox', ...figures }],
  });
}

const api = fakeApiForEachTest();
beforeEach(() => {
  api.on('GET /api/analytics/admin/summary', (request) => ({ json: summaryFor(Number(request.query.get('days')) as 7 | 30 | 90) }));
  api.on('GET /api/billing/admin/sales', (request) => ({ json: salesFor(Number(request.query.get('days')) as 7 | 30 | 90) }));
});

describe('admin analytics page', () => {
  it('shows the funnel, the daily charts and front-end errors, each chart with its table view', async () => {
    signedInAs(api, ADMIN);
    renderApp('/admin/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    const funnel = await screen.findByRole('region', { name: 'From visit to purchase' });
    expect(within(funnel).getByRole('img', { name: /Bar chart: browser sessions at each step/ })).toBeTruthy();
    const funnelTable = within(funnel).getByRole('table', { name: 'From visit to purchase' });
    expect(within(funnelTable).getByRole('row', { name: /Analysed an article Reported by browsers \(unverified\) 12 30% 30%/ })).toBeTruthy();
    expect(within(funnelTable).getByRole('row', { name: /Purchased Confirmed payments \(billing\) 2 5\.0% —/ })).toBeTruthy();

    const visits = screen.getByRole('region', { name: 'Visits and sign-ups' });
    expect(within(visits).getByRole('img', { name: /Line chart: Visits and sign-ups per day over the last 30 days/ })).toBeTruthy();
    const table = within(visits).getByRole('table', { name: 'Visits and sign-ups per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31); // a header and 30 days
    expect(within(table).getByRole('row', { name: '2026-11-24 120' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Chat' })).getByText('No events in this period.')).toBeTruthy();

    const errors = screen.getByRole('region', { name: 'Front-end errors' });
    expect(within(errors).getByRole('table', { name: 'Most reported front-end errors' }).textContent).toContain('Remote "decoder" is unavailable');
    expect(await api.callsTo('GET /api/analytics/admin/summary')[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it('switches the period', async () => {
    signedInAs(api, ADMIN);
    renderApp('/admin/analytics');
    await screen.findByRole('region', { name: 'From visit to purchase' });
    const last7 = screen.getByRole('button', { name: 'Last 7 days' });
    expect(last7.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(last7);
    await waitFor(() => expect(api.callsTo('GET /api/analytics/admin/summary').at(-1)?.query.get('days')).toBe('7'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Visits and sign-ups per day' })).getAllByRole('row')).toHaveLength(8));
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('is listed in the console’s sections', async () => {
    signedInAs(api, ADMIN);
    renderApp('/admin/analytics');
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
  });
});
