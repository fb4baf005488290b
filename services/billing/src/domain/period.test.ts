import { describe, expect, it } from 'vitest';
import { addMonthsUtc, periodEnd, periodStart } from './period.ts';

const at = (iso: string) => new Date(iso);

describe('period maths', () => {
  it('adds one calendar month for monthly plans, keeping the time of day', () => {
    expect(periodEnd('monthly', at('2026-11-21T12:34:56.789Z'))).toEqual(at('2026-12-21T12:34:56.789Z'));
    expect(periodEnd('monthly', at('2026-12-15T00:00:00Z'))).toEqual(at('2027-01-15T00:00:00Z'));
  });

  it('clamps to the last day of a shorter month', () => {
    expect(periodEnd('monthly', at('2027-01-31T10:00:00Z'))).toEqual(at('2027-02-28T10:00:00Z'));
    expect(periodEnd('monthly', at('2028-01-31T10:00:00Z'))).toEqual(at('2028-02-29T10:00:00Z'));
    expect(periodEnd('monthly', at('2026-03-31T10:00:00Z'))).toEqual(at('2026-04-30T10:00:00Z'));
  });

  it('adds one year for annual plans, 29 February becoming 28 February', () => {
    expect(periodEnd('yearly', at('2026-11-21T12:00:00Z'))).toEqual(at('2027-11-21T12:00:00Z'));
    expect(periodEnd('yearly', at('2028-02-29T12:00:00Z'))).toEqual(at('2029-02-28T12:00:00Z'));
  });

  it('never ends a lifetime purchase', () => {
    expect(periodEnd('lifetime', at('2026-11-21T12:00:00Z'))).toBeNull();
  });

  it('adds many months and negative ones across years', () => {
    expect(addMonthsUtc(at('2026-11-30T00:00:00Z'), 15)).toEqual(at('2028-02-29T00:00:00Z'));
    expect(addMonthsUtc(at('2026-01-31T00:00:00Z'), -2)).toEqual(at('2025-11-30T00:00:00Z'));
  });

  it('starts a new period when current access to the same plan ends', () => {
    const now = at('2026-11-21T12:00:00Z');
    expect(periodStart(now, [])).toEqual(now);
    expect(periodStart(now, [at('2026-11-01T00:00:00Z'), null])).toEqual(now);
    expect(periodStart(now, [at('2026-12-01T00:00:00Z'), at('2026-12-05T00:00:00Z')])).toEqual(at('2026-12-05T00:00:00Z'));
  });
});
