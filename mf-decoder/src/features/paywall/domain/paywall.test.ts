import { describe, expect, it } from 'vitest';
import { paywallAudience, paywallMessage, paywallTitle, plansRaisingLimit, pricingUrl, showsResetNote, userTypeOf } from './paywall.ts';
import type { PaywallPlan } from './plans.ts';

describe('paywall title', () => {
  it('speaks to guests and to signed-in readers', () => {
    expect(paywallTitle(paywallAudience(false, null))).toBe('Guest Limit Reached');
    expect(paywallTitle(paywallAudience(false, 'free'))).toBe('Guest Limit Reached');
    expect(paywallTitle(paywallAudience(true, 'guest'))).toBe('Guest Limit Reached');
    expect(paywallTitle(paywallAudience(true, 'free'))).toBe('Daily Limit Reached');
    expect(paywallTitle(paywallAudience(true, 'monthly'))).toBe('Daily Limit Reached');
    expect(paywallTitle(paywallAudience(true, undefined))).toBe('Daily Limit Reached');
  });
});

describe('showsResetNote', () => {
  it('is hidden for unlimited plans only', () => {
    expect(showsResetNote(null)).toBe(true);
    expect(showsResetNote({ unlimited: false, subscription_tier: 'free' })).toBe(true);
    expect(showsResetNote({ unlimited: true, subscription_tier: 'monthly' })).toBe(false);
    expect(showsResetNote({ unlimited: false, subscription_tier: 'annual' })).toBe(false);
  });
});

describe('paywallMessage', () => {
  it('states the allowance when it is known', () => {
    expect(paywallMessage('guest', 3)).toBe('You have used all 3 of your free analyses for today. Choose a plan to keep decoding the news.');
    expect(paywallMessage('member', null)).toBe('You have used your analyses for today. Upgrade your plan to keep decoding the news.');
  });

  it('names Annual, the one step up, to a Monthly reader', () => {
    expect(paywallMessage('member', 10, 'monthly')).toBe('You have used all 10 of your analyses for today. Upgrade to the Annual plan for unlimited analyses.');
    expect(paywallMessage('member', 3, 'free')).toBe('You have used all 3 of your analyses for today. Upgrade your plan to keep decoding the news.');
  });
});

describe('plansRaisingLimit', () => {
  const plan = (id: PaywallPlan['id'], dailyLimit: number | null): PaywallPlan => ({
    id,
    name: id,
    period: id === 'monthly' ? 'month' : 'year',
    priceCents: { bitcoin: 1, cashapp: 1 },
    dailyLimit,
    features: [],
    recommended: id === 'annual',
  });
  const both = [plan('monthly', 10), plan('annual', null)];

  it('offers only plans above the limit the reader has', () => {
    expect(plansRaisingLimit(both, 'member', 10).map((p) => p.id)).toEqual(['annual']);
    expect(plansRaisingLimit(both, 'member', 3).map((p) => p.id)).toEqual(['monthly', 'annual']);
  });

  it('offers every plan to a guest or when the limit is not known', () => {
    expect(plansRaisingLimit(both, 'guest', 3).map((p) => p.id)).toEqual(['monthly', 'annual']);
    expect(plansRaisingLimit(both, 'member', null).map((p) => p.id)).toEqual(['monthly', 'annual']);
  });
});

describe('pricingUrl', () => {
  it("carries the plan, the source, the payment method and the reader's kind", () => {
    expect(pricingUrl('monthly', 'bitcoin', 'guest')).toBe('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
    expect(pricingUrl('annual', 'cashapp', 'free')).toBe('/pricing?plan=annual&source=paywall&payment=cashapp&user_type=free');
  });
});

describe('userTypeOf', () => {
  it("is guest for a visitor, else the reader's plan, free when unknown", () => {
    expect(userTypeOf('guest', 'free')).toBe('guest');
    expect(userTypeOf('member', 'free')).toBe('free');
    expect(userTypeOf('member', 'monthly')).toBe('monthly');
    expect(userTypeOf('member', undefined)).toBe('free');
    expect(userTypeOf('member', '<script>')).toBe('free');
  });
});
