import { describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '@keisha/contracts/analytics';
import { analyticsSummaryPath, chartsOf, eventLabel, funnelRows, percent, tableRows } from './analytics.ts';

function summary(events: AnalyticsSummary['events']): AnalyticsSummary {
  return { success: true, days: 7, time_zone: 'UTC', dates: ['2026-01-01', '2026-01-02'], events, funnel: [], client_errors: { total: 0, daily: [0, 0], top: [] } };
}
const series = (event: string, daily = [1, 2]) => ({ event, total: daily[0]! + daily[1]!, sessions: 1, daily });

describe('admin analytics', () => {
  it('asks for the period in the admin’s time zone', () => {
    expect(analyticsSummaryPath(30, 'America/New_York')).toBe('/api/analytics/admin/summary?days=30&time_zone=America%2FNew_York');
  });

  it('puts each event on its chart, and any unknown event on Other events', () => {
    const charts = chartsOf(summary([series('page_view'), series('purchase'), series('chat_message_sent'), series('conversion')]));
    const byId = Object.fromEntries(charts.map((c) => [c.group.id, c.series.map((s) => s.event)]));
    expect(byId).toEqual({ visits: ['page_view'], usage: [], paywall: ['purchase'], chat: ['chat_message_sent'], other: ['conversion'] });
    expect(chartsOf(summary([series('page_view')])).map((c) => c.group.id)).not.toContain('other');
  });

  it('makes one table row per day with a count per series', () => {
    expect(tableRows(['2026-01-01', '2026-01-02'], [{ daily: [1, 2] }, { daily: [0, 5] }])).toEqual([
      { date: '2026-01-01', counts: [1, 0] },
      { date: '2026-01-02', counts: [2, 5] },
    ]);
  });

  it('gives each funnel step its share of visits and of the step before', () => {
    const rows = funnelRows([
      { event: 'page_view', label: 'Visited', sessions: 200 },
      { event: 'analysis_completed', label: 'Analysed', sessions: 50 },
      { event: 'purchase', label: 'Purchased', sessions: 0 },
      { event: 'x', label: 'After nothing', sessions: 0 },
    ]);
    expect(rows.map((r) => [percent(r.ofFirst), percent(r.ofPrevious)])).toEqual([
      ['100%', '—'],
      ['25%', '25%'],
      ['0%', '0%'],
      ['0%', '—'],
    ]);
    expect(percent(0.0123)).toBe('1.2%');
    expect(funnelRows([{ event: 'page_view', label: 'Visited', sessions: 0 }])[0]!.ofFirst).toBeNull();
  });

  it('names events for people', () => {
    expect(eventLabel('paywall_shown')).toBe('Paywall shown');
    expect(eventLabel('chat_message_sent')).toBe('Messages sent');
    expect(eventLabel('chat_something_new')).toBe('chat something new');
  });
});
