import type { Money, PlansResponse } from '@keisha/contracts/billing';

const usd = (cents: number): Money => ({ cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` });

/** A catalogue shaped like billing's GET /api/billing/plans, with prices unlike the real ones on purpose. */
export function catalogueFixture(): PlansResponse {
  return {
    success: true,
    marketing: {
      plans: [
        { tier: 'free', name: 'Free', price: usd(0), billing_cycle: null, usage_limit: 3 },
        { tier: 'monthly', name: 'Monthly', price: usd(1234), billing_cycle: 'monthly', usage_limit: 10 },
        { tier: 'annual', name: 'Annual', price: usd(12000), billing_cycle: 'yearly', usage_limit: null },
      ],
      annual_saving: usd(2808),
    },
    decoder: {
      plans: [
        { tier: 'free', name: 'Free', usage_limit: 3, billing_cycle: 'daily', bitcoin_price: usd(0), cashapp_price: usd(0), features: ['3 analyses per day', 'Bias score, coded language and Keisha translation'] },
        { tier: 'monthly', name: 'Monthly', usage_limit: 10, billing_cycle: 'monthly', bitcoin_price: usd(700), cashapp_price: usd(1499), features: ['10 analyses per day', 'Advanced detection', 'Priority support', 'Daily newsletter'] },
        { tier: 'annual', name: 'Annual', usage_limit: null, billing_cycle: 'yearly', bitcoin_price: usd(6000), cashapp_price: usd(9999), features: ['Unlimited analyses', 'Advanced detection', 'Priority support', 'Daily newsletter', 'API access for your own tools'] },
      ],
      annual_savings: { bitcoin: { amount: usd(2400), percent: 29 }, cashapp: { amount: usd(7989), percent: 44 } },
    },
    chat: { plans: [] },
  };
}
