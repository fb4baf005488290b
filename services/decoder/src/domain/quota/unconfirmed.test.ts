import { describe, expect, it } from 'vitest';
import { accountCounters, sharesGuestAllowance } from './unconfirmed.ts';

describe('an account that has not confirmed its address', () => {
  const reader = { userId: 'u1', address: '203.0.113.7' };

  it('on the free plan counts against its address, as guests there do, and against itself', () => {
    expect(accountCounters({ ...reader, tier: 'free', emailVerified: false })).toEqual(['ip:203.0.113.7', 'user:u1']);
  });

  it('counts by account alone once confirmed', () => {
    expect(accountCounters({ ...reader, tier: 'free', emailVerified: true })).toEqual(['user:u1']);
  });

  it.each(['monthly', 'annual'] as const)('counts by account alone on a paid plan (%s), confirmed or not', (tier) => {
    expect(sharesGuestAllowance({ tier, emailVerified: false })).toBe(false);
    expect(accountCounters({ ...reader, tier, emailVerified: false })).toEqual(['user:u1']);
  });
});
