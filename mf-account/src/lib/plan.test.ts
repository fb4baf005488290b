import { describe, expect, it } from 'vitest';
import { planExpiry, planSummary } from './plan.ts';

describe('planSummary', () => {
  it('names both tiers', () => {
    expect(planSummary({ decoder_tier: 'monthly', chat_tier: 'Pro', expires_at: null })).toBe('Decoder Monthly · Chat Pro');
    expect(planSummary({ decoder_tier: 'free', chat_tier: 'Free', expires_at: null })).toBe('Decoder Free · Chat Free');
    expect(planSummary({ decoder_tier: 'ANNUAL', chat_tier: 'gold', expires_at: null })).toBe('Decoder Annual · Chat Gold');
  });

  it('leaves out a tier billing did not give', () => {
    expect(planSummary({ decoder_tier: 'annual', chat_tier: null, expires_at: null })).toBe('Decoder Annual');
    expect(planSummary({ decoder_tier: ' ', chat_tier: 'Starter', expires_at: null })).toBe('Chat Starter');
  });

  it("shows '—' rather than guess", () => {
    expect(planSummary(undefined)).toBe('—');
    expect(planSummary(null)).toBe('—');
    expect(planSummary({ decoder_tier: null, chat_tier: null, expires_at: null })).toBe('—');
  });
});

describe('planExpiry', () => {
  it('gives the end date of a plan that ends', () => {
    expect(planExpiry({ decoder_tier: 'monthly', chat_tier: 'Free', expires_at: '2026-04-01T12:00:00Z' }, 'UTC')).toBe(
      'Until Apr 1, 2026',
    );
  });

  it('gives nothing for a plan without an end', () => {
    expect(planExpiry({ decoder_tier: 'free', chat_tier: 'Gold', expires_at: null })).toBeNull();
    expect(planExpiry({ decoder_tier: 'free', chat_tier: 'Gold', expires_at: 'soon' })).toBeNull();
    expect(planExpiry(undefined)).toBeNull();
  });
});
