import { describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '@keisha/contracts/analytics';
import { analyticsSummaryPath, chartsOf, eventLabel, funnelRows, money, netRevenue, percent, planLabel, providerLabel, salesSummaryPath, sourceLabel, tableRows } from './analytics.ts';

function summary(events: AnalyticsSummary['events']): AnalyticsSummary {
  return { success: true, days: 7, time_zone: 'UTC', dates: ['2026-01-01', '2026-01-02'], events, funnel: [], client_errors: { total: 0, daily: [0, 0], top: [] } };
}
const series = (event: string, daily = [1, 2]) => ({ event, total: daily[0]! + daily[1]!, sessions: 1, daily });

describe('admin analytics', () => {
  it('asks for the period in the admin’s time zone', () => {
    expect(analyticsSummaryPath(30, 'America/New_York')).toBe('/api/analytics/admin/summary?days=30&time_zone=America%2FNew_York');
    expect(salesSummaryPath(7, 'UTC')).toBe('/api/billing/admin/sales?days=7&time_zone=UTC');
  });

  it('puts each event on its chart, and any unknown event on Other events', () => {
    const charts = chartsOf(summary([series('page_view'), series('purchase'), series('chat_message_sent'), series('conversion'), series('legacy_event')]));
    const byId = Object.fromEntries(charts.map((c) => [c.group.id, c.series.map((s) => s.event)]));
    expect(byId).toEqual({ visits: ['page_view'], usage: [], paywall: ['purchase', 'conversion'], chat: ['chat_message_sent'], other: ['legacy_event'] });
    expect(chartsOf(summary([series('page_view')])).map((c) => c.group.id)).not.toContain('other');
  });

  it('makes one table row per day with a count per series', () => {
    expect(tableRows(['2026-01-01', '2026-01-02'], [{ daily: [1, 2] }, { daily: [0, 5] }])).toEqual([
      { date: '2026-01-01', counts: [1, 0] },
      { date: '2026-01-02', counts: [2, 5] },
    ]);
  });

  it('gives each funnel step its share of visits and of the step before', () => {
    const rows = funnelRows(
      [
        { event: 'page_view', label: 'Visited', sessions: 200 },
        { event: 'analysis_completed', label: 'Analysed', sessions: 50 },
        { event: 'payment_initiated', label: 'Started a checkout', sessions: 0 },
      ],
      0,
    );
    expect(rows.map((r) => [r.label, r.count, sourceLabel(r.source), percent(r.ofFirst), percent(r.ofPrevious)])).toEqual([
      ['Visited', 200, 'Reported by browsers (unverified)', '100%', '—'],
      ['Analysed', 50, 'Reported by browsers (unverified)', '25%', '25%'],
      ['Started a checkout', 0, 'Reported by browsers (unverified)', '0%', '0%'],
      ['Purchased', 0, 'Confirmed payments (billing)', '0%', '—'],
    ]);
    expect(percent(0.0123)).toBe('1.2%');
    expect(funnelRows([{ event: 'page_view', label: 'Visited', sessions: 0 }], 3)[0]!.ofFirst).toBeNull();
  });

  it('ends the funnel with billing’s purchases, or an unknown figure when billing did not answer', () => {
    const steps = [
      { event: 'page_view', label: 'Visited', sessions: 40 },
      { event: 'payment_initiated', label: 'Started a checkout', sessions: 4 },
    ];
    expect(funnelRows(steps, 1).at(-1)).toEqual({ event: 'billing_purchases', label: 'Purchased', count: 1, source: 'billing', ofFirst: 1 / 40, ofPrevious: 1 / 4 });
    expect(funnelRows(steps, null).at(-1)).toMatchObject({ count: null, ofFirst: null, ofPrevious: null });
  });

  it('writes money, plans and providers for people', () => {
    expect(money(219_950)).toBe('$2,199.50');
    expect(money(0)).toBe('$0.00');
    expect(planLabel('decoder', 'monthly')).toBe('Decoder Monthly');
    expect(providerLabel('sandbox')).toBe('Sandbox (no real money)');
    expect(providerLabel('cashapp')).toBe('Cash App');
    expect(netRevenue({ revenue_cents: 2199, refunded_cents: 1499 })).toBe(700);
  });

  it('names events for people', () => {
    expect(eventLabel('paywall_shown')).toBe('Paywall shown');
    expect(eventLabel('chat_message_sent')).toBe('Messages sent');
    expect(eventLabel('chat_something_new')).toBe('chat something new');
  });
});
