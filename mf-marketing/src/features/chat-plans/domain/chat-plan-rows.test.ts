import type { ChatPlan, Money } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { chatPlanRows } from './chat-plan-rows.ts';

const usd = (cents: number): Money => ({ cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` });

const PLANS: ChatPlan[] = [
  { tier: 'Gold', name: 'Gold', price: usd(9900), cashapp_price: usd(15000), billing_cycle: 'lifetime', messages_per_day: null },
  { tier: 'Free', name: 'Free', price: usd(0), cashapp_price: null, billing_cycle: null, messages_per_day: 10 },
  { tier: 'Starter', name: 'Starter', price: usd(900), cashapp_price: usd(1500), billing_cycle: 'monthly', messages_per_day: null },
  { tier: 'Pro', name: 'Pro', price: usd(5900), cashapp_price: usd(5900), billing_cycle: 'yearly', messages_per_day: null },
];

describe('chatPlanRows', () => {
  it('lists Free, Starter, Pro and Gold in order, with price, cadence and allowance from the catalogue', () => {
    expect(chatPlanRows(PLANS)).toEqual([
      { tier: 'Free', name: 'Free', price: '$0.00', cadence: 'forever', allowance: '10 messages a day', cashApp: null },
      { tier: 'Starter', name: 'Starter', price: '$9.00', cadence: 'per month', allowance: 'Unlimited messages', cashApp: 'Cash App: $15.00' },
      { tier: 'Pro', name: 'Pro', price: '$59.00', cadence: 'per year', allowance: 'Unlimited messages', cashApp: null },
      { tier: 'Gold', name: 'Gold', price: '$99.00', cadence: 'one-time, lifetime access', allowance: 'Unlimited messages', cashApp: 'Cash App: $150.00' },
    ]);
  });

  it('leaves out a tier it does not know', () => {
    const odd = { ...PLANS[1]!, tier: 'Platinum' } as unknown as ChatPlan;
    expect(chatPlanRows([odd]).map((row) => row.name)).toEqual([]);
  });
});
