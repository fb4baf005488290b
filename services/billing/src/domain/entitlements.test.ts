import { describe, expect, it } from 'vitest';
import { entitlementOf, type SubscriptionFacts } from './entitlements.ts';

const now = new Date('2026-11-21T12:00:00Z');
const later = new Date('2026-12-21T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');
const sub = (over: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  product: 'decoder',
  tier: 'monthly',
  status: 'active',
  current_period_end: later,
  lifetime: false,
  ...over,
});

describe('entitlementOf', () => {
  it('is free with no subscriptions', () => {
    expect(entitlementOf([], now)).toEqual({ decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false });
  });

  it('grants an active plan until the end of its period, and a cancelled one too', () => {
    expect(entitlementOf([sub({})], now)).toMatchObject({ decoder_tier: 'monthly', expires_at: later.toISOString() });
    expect(entitlementOf([sub({ status: 'cancelled' })], now).decoder_tier).toBe('monthly');
  });

  it('ends access at expiry, on a refund and for unpaid states', () => {
    expect(entitlementOf([sub({ current_period_end: earlier })], now).decoder_tier).toBe('free');
    for (const status of ['refunded', 'pending', 'failed', 'expired'] as const) {
      expect(entitlementOf([sub({ status })], now).decoder_tier).toBe('free');
    }
  });

  it('keeps the best of several plans per product, and Gold is lifetime', () => {
    const result = entitlementOf(
      [sub({ tier: 'annual' }), sub({ tier: 'monthly' }), sub({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }), sub({ product: 'chat', tier: 'Starter' })],
      now,
    );
    expect(result).toMatchObject({ decoder_tier: 'annual', chat_tier: 'Gold', lifetime: true });
  });

  it('ignores unknown tiers', () => {
    expect(entitlementOf([sub({ tier: 'platinum' })], now).decoder_tier).toBe('free');
  });
});
