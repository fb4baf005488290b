import { describe, expect, it } from 'vitest';
import { eventBytes, retentionCutoff, secondsUntilNextUtcDay, utcDay } from './bounds.ts';
import { keptReport, redactMessage } from './client-error.ts';
import { addDays, periodDays } from './period.ts';
import { dailyCounts, eventSeries, FUNNEL, funnelSteps } from './summary.ts';

describe('periodDays', () => {
  it('covers the last N local days, today included, in the admin’s time zone', () => {
    const now = new Date('2026-03-01T03:00:00Z'); // still 28 February in New York
    expect(periodDays(now, 7, 'UTC')).toEqual({
      dates: ['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'],
      from: '2026-02-23',
      until: '2026-03-02',
    });
    const ny = periodDays(now, 7, 'America/New_York');
    expect(ny.dates.at(-1)).toBe('2026-02-28');
    expect(ny.until).toBe('2026-03-01');
    expect(periodDays(now, 90, 'UTC').dates).toHaveLength(90);
  });

  it('steps over month ends, leap days and DST changes by calendar date', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-31', -31)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
  });
});

describe('eventSeries', () => {
  const dates = ['2026-01-01', '2026-01-02', '2026-01-03'];
  it('gives every event a count for every day, zeros included, with its period totals', () => {
    const series = eventSeries(
      [
        { day: '2026-01-01', event: 'page_view', events: 5, sessions: 3 },
        { day: '2026-01-03', event: 'page_view', events: 2, sessions: 1 },
        { day: null, event: 'page_view', events: 7, sessions: 3 },
        { day: '2026-01-02', event: 'purchase', events: 1, sessions: 1 },
        { day: null, event: 'purchase', events: 1, sessions: 1 },
      ],
      dates,
    );
    expect(series).toEqual([
      { event: 'page_view', total: 7, sessions: 3, daily: [5, 0, 2] },
      { event: 'purchase', total: 1, sessions: 1, daily: [0, 1, 0] },
    ]);
  });

  it('makes the funnel of sessions per step, in order, with zero for a step nobody reached', () => {
    const steps = funnelSteps([
      { event: 'page_view', total: 40, sessions: 10, daily: [] },
      { event: 'analysis_completed', total: 9, sessions: 4, daily: [] },
    ]);
    expect(steps.map((s) => s.event)).toEqual(FUNNEL.map((s) => s.event));
    expect(steps.map((s) => s.sessions)).toEqual([10, 4, 0, 0, 0]);
    // Purchases come from billing, never from the browsers' purchase events.
    expect(steps.map((s) => s.event)).not.toContain('purchase');
  });

  it('aligns daily counts with the dates', () => {
    expect(dailyCounts([{ day: '2026-01-02', count: 4 }], dates)).toEqual([0, 4, 0]);
  });
});

describe('front-end error reports', () => {
  it('keep no query string, fragment, address, token or long number', () => {
    const kept = keptReport({
      remote: 'decoder',
      version: '1.0.0',
      route: '/payment/success?session_id=cs_123&email=a@b.co#top',
      kind: 'crash',
      message: 'Cannot read user jane.doe@example.org with token eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJl card 4111111111111111',
    });
    expect(kept.route).toBe('/payment/success');
    expect(kept.message).toBe('Cannot read user [email] with token [token] card [number]');
  });

  it('leave an ordinary message as it is', () => {
    expect(redactMessage('Remote "decoder" is unavailable: no answer within 8 s')).toBe('Remote "decoder" is unavailable: no answer within 8 s');
  });
});

describe('analytics bounds', () => {
  it('weigh an event by the UTF-8 bytes of its name and properties', () => {
    expect(eventBytes('page_view', '{"a":"é"}')).toBe(9 + 10);
  });

  it('count the day in UTC and say when it ends', () => {
    const now = new Date('2026-11-27T23:59:30.200Z');
    expect(utcDay(now)).toBe('2026-11-27');
    expect(secondsUntilNextUtcDay(now)).toBe(30);
    expect(secondsUntilNextUtcDay(new Date('2026-12-31T00:00:00Z'))).toBe(86_400);
  });

  it('delete what is older than the retention period, which covers the admin page’s longest period in any time zone', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const cutoff = retentionCutoff(now, 90);
    expect(cutoff.toISOString()).toBe('2026-08-29T12:00:00.000Z');
    for (const timeZone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
      const firstDay = periodDays(now, 90, timeZone).from;
      // The first day's local midnight is after the cutoff: nothing the 90-day chart shows is deleted.
      const midnight = new Date(`${firstDay}T00:00:00Z`).getTime() - offsetMinutes(now, timeZone) * 60_000;
      expect(midnight, timeZone).toBeGreaterThan(cutoff.getTime());
    }
  });
});

function offsetMinutes(at: Date, timeZone: string): number {
  const local = new Date(at.toLocaleString('en-US', { timeZone })).getTime();
  const utc = new Date(at.toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
  return (local - utc) / 60_000;
}
