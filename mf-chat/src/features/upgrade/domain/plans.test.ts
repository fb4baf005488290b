import { describe, expect, it } from 'vitest';
import { chatPlanCards, formatMoney, priceLine } from './plans.ts';

const usd = (cents: number) => ({ cents, currency: 'USD' as const, display: `$${(cents / 100).toFixed(2)}` });
// Shaped like billing's GET /api/billing/plans (only the chat part matters here), with other prices
// than the spec's: the cards must show whatever the catalogue says.
const catalogue = {
  success: true,
  chat: {
    plans: [
      { tier: 'Gold', name: 'Gold', price: usd(12_300), cashapp_price: usd(16_000), billing_cycle: 'lifetime', messages_per_day: null },
      { tier: 'Free', name: 'Free', price: usd(0), cashapp_price: null, billing_cycle: null, messages_per_day: 10 },
      { tier: 'Starter', name: 'Starter', price: usd(1150), cashapp_price: usd(1500), billing_cycle: 'monthly', messages_per_day: null },
      { tier: 'Pro', name: 'Pro', price: usd(5900), cashapp_price: usd(7500), billing_cycle: 'yearly', messages_per_day: null },
    ],
  },
};

describe('chatPlanCards', () => {
  it('shows the four plans in order with the catalogue’s prices', () => {
    const cards = chatPlanCards(catalogue)!;
    expect(cards.map((c) => [c.tier, priceLine(c), c.messages, c.cashAppPrice, c.lifetime])).toEqual([
      ['Free', '$0', '10 messages a day', null, false],
      ['Starter', '$11.50 per month', 'Unlimited messages', '$15', false],
      ['Pro', '$59 per year', 'Unlimited messages', '$75', false],
      ['Gold', '$123 one-time', 'Unlimited messages', '$160', true],
    ]);
  });

  it('refuses a catalogue without all four plans or with a bad price', () => {
    expect(chatPlanCards({ chat: { plans: catalogue.chat.plans.slice(1) } })).toBeNull();
    expect(chatPlanCards({ chat: { plans: catalogue.chat.plans.map((p) => (p.tier === 'Pro' ? { ...p, price: { cents: -1 } } : p)) } })).toBeNull();
    expect(chatPlanCards({})).toBeNull();
    expect(chatPlanCards(null)).toBeNull();
  });

  it('writes whole dollars without cents', () => {
    expect([0, 900, 1499, 9999, 15000].map((cents) => formatMoney({ cents }))).toEqual(['$0', '$9', '$14.99', '$99.99', '$150']);
  });
});
