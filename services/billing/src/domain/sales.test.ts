import { describe, expect, it } from 'vitest';
import { salesFigures, salesPeriod, type SaleRow } from './sales.ts';

describe('salesPeriod', () => {
  it('covers the last N local days, today included', () => {
    const now = new Date('2026-03-01T03:00:00Z'); // 28 February in New York
    expect(salesPeriod(now, 7, 'UTC')).toMatchObject({ from: '2026-02-23', until: '2026-03-02' });
    expect(salesPeriod(now, 7, 'America/New_York').dates.at(-1)).toBe('2026-02-28');
    expect(salesPeriod(now, 90, 'UTC').dates).toHaveLength(90);
  });
});

describe('salesFigures', () => {
  const dates = ['2026-11-25', '2026-11-26', '2026-11-27'];
  const row = (over: Partial<SaleRow>): SaleRow => ({ day: '2026-11-27', product: 'decoder', tier: 'monthly', provider: 'sandbox', kind: 'purchase', count: 1, cents: 700, ...over });

  it('adds purchases and renewals to revenue, refunds beside it, per plan and provider, busiest first', () => {
    const figures = salesFigures(
      [
        row({}),
        row({ day: '2026-11-25', provider: 'cashapp', count: 2, cents: 1400 }),
        row({ tier: 'annual', provider: 'paypal', cents: 4999 }),
        row({ product: 'chat', tier: 'pro', provider: 'paypal', kind: 'renewal', cents: 1500 }),
        row({ provider: 'cashapp', kind: 'refund', cents: 700 }),
      ],
      dates,
    );
    expect(figures).toMatchObject({ purchases: 4, renewals: 1, revenue_cents: 700 + 1400 + 4999 + 1500, refunds: 1, refunded_cents: 700, daily_purchases: [2, 0, 2] });
    expect(figures.by_plan.map((p) => [p.product, p.tier, p.purchases, p.renewals, p.revenue_cents, p.refunds])).toEqual([
      ['decoder', 'annual', 1, 0, 4999, 0],
      ['decoder', 'monthly', 3, 0, 2100, 1],
      ['chat', 'pro', 0, 1, 1500, 0],
    ]);
    expect(figures.by_provider.map((p) => [p.provider, p.purchases, p.revenue_cents, p.refunded_cents])).toEqual([
      ['paypal', 1, 6499, 0],
      ['cashapp', 2, 1400, 700],
      ['sandbox', 1, 700, 0],
    ]);
  });

  it('is all zeros for a period without a payment', () => {
    expect(salesFigures([], dates)).toEqual({ purchases: 0, renewals: 0, revenue_cents: 0, refunds: 0, refunded_cents: 0, daily_purchases: [0, 0, 0], by_plan: [], by_provider: [] });
  });
});
