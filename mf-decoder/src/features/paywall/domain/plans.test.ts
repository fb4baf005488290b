import { describe, expect, it } from 'vitest';
import { annualSavings, formatPrice, plansFromCatalogue, savingsLabel, type PaywallPlan } from './plans.ts';

/** The two plans at the prices of spec section 9, as plansFromCatalogue() reads them from billing. */
const SPEC_PLANS: readonly PaywallPlan[] = [
  { id: 'monthly', name: 'Monthly', period: 'month', priceCents: { bitcoin: 700, cashapp: 1499 }, dailyLimit: 10, features: [], recommended: false },
  { id: 'annual', name: 'Annual', period: 'year', priceCents: { bitcoin: 6000, cashapp: 9999 }, dailyLimit: null, features: [], recommended: true },
];

describe('formatPrice', () => {
  it('drops the cents of whole dollars', () => {
    expect(formatPrice(700)).toBe('$7');
    expect(formatPrice(1499)).toBe('$14.99');
    expect(formatPrice(6000)).toBe('$60');
    expect(formatPrice(7989)).toBe('$79.89');
    expect(formatPrice(5)).toBe('$0.05');
    expect(formatPrice(0)).toBe('$0');
  });
});

describe('annualSavings', () => {
  it('is the difference from twelve monthly payments, and its rounded share', () => {
    // Bitcoin: 12 x $7 = $84 against $60: $24, 28.6%.
    expect(annualSavings('bitcoin', SPEC_PLANS)).toEqual({ cents: 2400, percent: 29 });
    // Cash App: 12 x $14.99 = $179.88 against $99.99: $79.89, 44.4%.
    expect(annualSavings('cashapp', SPEC_PLANS)).toEqual({ cents: 7989, percent: 44 });
    expect(savingsLabel('bitcoin', SPEC_PLANS)).toBe('Save $24 (29%) with Bitcoin');
    expect(savingsLabel('cashapp', SPEC_PLANS)).toBe('Save $79.89 (44%) with Cash App');
  });

  it('never shows a negative saving, nor one without both plans', () => {
    const dear = SPEC_PLANS.map((plan) => (plan.id === 'annual' ? { ...plan, priceCents: { bitcoin: 10_000, cashapp: 30_000 } } : plan));
    expect(annualSavings('bitcoin', dear)).toEqual({ cents: 0, percent: 0 });
    expect(annualSavings('bitcoin', [])).toEqual({ cents: 0, percent: 0 });
  });
});

describe('plansFromCatalogue', () => {
  const usd = (cents: number) => ({ cents, currency: 'USD' as const, display: `$${(cents / 100).toFixed(2)}` });
  const catalogue = {
    success: true,
    decoder: {
      plans: [
        { tier: 'free', name: 'Free', usage_limit: 3, billing_cycle: 'daily', bitcoin_price: usd(0), cashapp_price: usd(0), features: ['3 analyses per day'] },
        { tier: 'monthly', name: 'Monthly', usage_limit: 10, billing_cycle: 'monthly', bitcoin_price: usd(800), cashapp_price: usd(1599), features: ['10 analyses per day'] },
        { tier: 'annual', name: 'Annual', usage_limit: null, billing_cycle: 'yearly', bitcoin_price: usd(6000), cashapp_price: usd(9999), features: ['Unlimited analyses'] },
      ],
    },
  };

  it("reads the monthly and annual plans of billing's catalogue", () => {
    const plans = plansFromCatalogue(catalogue);
    expect(plans).toEqual([
      { id: 'monthly', name: 'Monthly', period: 'month', priceCents: { bitcoin: 800, cashapp: 1599 }, dailyLimit: 10, features: ['10 analyses per day'], recommended: false },
      { id: 'annual', name: 'Annual', period: 'year', priceCents: { bitcoin: 6000, cashapp: 9999 }, dailyLimit: null, features: ['Unlimited analyses'], recommended: true },
    ]);
    expect(savingsLabel('bitcoin', plans!)).toBe('Save $36 (38%) with Bitcoin');
  });

  it('is null when a plan is missing or its prices are not amounts in cents', () => {
    expect(plansFromCatalogue({ decoder: { plans: catalogue.decoder.plans.slice(0, 2) } })).toBeNull();
    const broken = catalogue.decoder.plans.map((plan) => (plan.tier === 'annual' ? { ...plan, bitcoin_price: { cents: -1 } } : plan));
    expect(plansFromCatalogue({ decoder: { plans: broken } })).toBeNull();
    expect(plansFromCatalogue(null)).toBeNull();
    expect(plansFromCatalogue({ success: true })).toBeNull();
  });
});
