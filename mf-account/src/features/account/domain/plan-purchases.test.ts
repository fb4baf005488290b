import type { SubscriptionView } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { planLine, runningPurchases } from './plan-purchases.ts';

let next = 0;
const purchase = (over: Partial<SubscriptionView>): SubscriptionView => ({
  id: `p${++next}`,
  user_id: 'u',
  product: 'decoder',
  tier: 'monthly',
  status: 'active',
  provider: 'paypal',
  payment_method: 'paypal',
  amount: 9.99,
  currency: 'USD',
  current_period_end: '2026-12-28T12:00:00.000Z',
  lifetime: false,
  grants_access: true,
  failure_reason: null,
  activated_at: '2026-11-28T12:00:00.000Z',
  cancelled_at: null,
  created_at: '2026-11-28T12:00:00.000Z',
  updated_at: '2026-11-28T12:00:00.000Z',
  ...over,
});

describe('runningPurchases', () => {
  it('puts the highest plan first after an upgrade, and still lists the earlier, lower one', () => {
    const monthly = purchase({ created_at: '2026-11-28T12:00:00.000Z' });
    const annual = purchase({ tier: 'annual', current_period_end: '2027-11-28T12:00:00.000Z', created_at: '2026-11-28T12:05:00.000Z' });
    expect(runningPurchases([monthly, annual]).map((p) => p.tier)).toEqual(['annual', 'monthly']);
    expect(runningPurchases([annual, monthly]).map((p) => p.tier)).toEqual(['annual', 'monthly']);
  });

  it('orders News Decoder before Chat, Gold above Pro above Starter, and leaves out what gives no access', () => {
    const lines = runningPurchases([
      purchase({ product: 'chat', tier: 'Starter' }),
      purchase({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }),
      purchase({ tier: 'annual', status: 'pending', grants_access: false }),
      purchase({ product: 'chat', tier: 'Pro', status: 'cancelled' }),
      purchase({ tier: 'monthly', status: 'refunded', grants_access: false }),
      purchase({ tier: 'monthly' }),
    ]);
    expect(lines.map((p) => `${p.product} ${p.tier}`)).toEqual(['decoder monthly', 'chat Gold', 'chat Pro', 'chat Starter']);
  });

  it('lists the same plan bought again, the longest first', () => {
    const first = purchase({ current_period_end: '2026-12-28T12:00:00.000Z' });
    const again = purchase({ current_period_end: '2027-01-28T12:00:00.000Z' });
    expect(runningPurchases([first, again])).toEqual([again, first]);
  });
});

describe('planLine', () => {
  it('names the plan and says whether it renews, ends or lasts for life', () => {
    expect(planLine(purchase({ tier: 'annual', current_period_end: '2027-11-28T12:00:00.000Z' }), 'UTC')).toMatchObject({
      name: 'News Decoder Annual',
      kind: 'renews',
      status: 'Renews on Nov 28, 2027',
    });
    expect(planLine(purchase({ status: 'cancelled' }), 'UTC')).toMatchObject({ name: 'News Decoder Monthly', kind: 'ends', status: 'Active until Dec 28, 2026' });
    expect(planLine(purchase({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }))).toMatchObject({ name: 'Chat Gold', kind: 'lifetime', status: 'Lifetime' });
  });
});
