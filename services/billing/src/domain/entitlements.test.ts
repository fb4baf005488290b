import { describe, expect, it } from 'vitest';
import { currentPurchase, entitlementOf, type SubscriptionFacts } from './entitlements.ts';

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

describe('currentPurchase', () => {
  const at = (iso: string) => new Date(iso);
  const purchase = (over: Partial<SubscriptionFacts & { created_at: Date; id: string }>) => ({ ...sub({}), created_at: at('2026-11-01T00:00:00Z'), id: 'x', ...over });

  it('prefers the best plan giving access, then the one lasting longest', () => {
    const rows = [
      purchase({ id: 'monthly', tier: 'monthly' }),
      purchase({ id: 'annual-short', tier: 'annual', current_period_end: at('2026-11-30T00:00:00Z') }),
      purchase({ id: 'annual-long', tier: 'annual', current_period_end: at('2027-11-30T00:00:00Z') }),
      purchase({ id: 'chat', product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }),
    ];
    expect(currentPurchase(rows, 'decoder', now)?.id).toBe('annual-long');
    expect(currentPurchase(rows, 'chat', now)?.id).toBe('chat');
  });

  it('falls back to the newest purchase when none gives access, and to null when there is none', () => {
    const rows = [
      purchase({ id: 'old', status: 'failed', created_at: at('2026-10-01T00:00:00Z') }),
      purchase({ id: 'new', status: 'pending', created_at: at('2026-11-20T00:00:00Z') }),
    ];
    expect(currentPurchase(rows, 'decoder', now)?.id).toBe('new');
    expect(currentPurchase(rows, 'chat', now)).toBeNull();
  });
});
