import { describe, expect, it } from 'vitest';
import { annualSavings, catalogue, usd } from './catalogue.ts';

describe('the plan catalogue (spec section 9)', () => {
  const plans = catalogue();

  it('has the marketing prices and the stated saving of 19.89', () => {
    expect(plans.marketing.plans.map((p) => [p.name, p.price.display])).toEqual([
      ['Free', '$0.00'],
      ['Monthly', '$9.99'],
      ['Annual', '$99.99'],
    ]);
    expect(plans.marketing.annual_saving.display).toBe('$19.89');
  });

  it('has the decoder paywall prices, with savings as a difference and a rounded percentage', () => {
    const byTier = Object.fromEntries(plans.decoder.plans.map((p) => [p.tier, [p.bitcoin_price.display, p.cashapp_price.display, p.usage_limit]]));
    expect(byTier).toEqual({ free: ['$0.00', '$0.00', 3], monthly: ['$7.00', '$14.99', 10], annual: ['$60.00', '$99.99', null] });
    expect(plans.decoder.annual_savings.bitcoin).toEqual({ amount: usd(2400), percent: 29 });
    expect(plans.decoder.annual_savings.cashapp).toEqual({ amount: usd(7989), percent: 44 });
  });

  it('has the chat plans and their manual Cash App amounts', () => {
    expect(plans.chat.plans.map((p) => [p.tier, p.price.display, p.cashapp_price?.display ?? null, p.billing_cycle])).toEqual([
      ['Free', '$0.00', null, null],
      ['Starter', '$9.00', '$15.00', 'monthly'],
      ['Pro', '$59.00', '$75.00', 'yearly'],
      ['Gold', '$99.00', '$150.00', 'lifetime'],
    ]);
  });

  it('never claims a negative saving', () => {
    expect(annualSavings(usd(100), usd(5000))).toEqual({ amount: usd(0), percent: 0 });
    expect(() => usd(-1)).toThrow();
    expect(() => usd(1.5)).toThrow();
  });
});
