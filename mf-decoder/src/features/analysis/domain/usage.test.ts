import { ApiError } from '@keisha/contracts';
import type { Usage } from '@keisha/contracts/decoder';
import { describe, expect, it } from 'vitest';
import {
  dailyLimitFor,
  decideBeforeAnalysis,
  hasReachedLimit,
  shouldPromptUpgrade,
  upgradePromptText,
  usageForToday,
  usageShare,
  usageSummary,
  usageSyncFailure,
} from './usage.ts';
import { guestUsage } from '../../../testing/usage.ts';

const usage = guestUsage;

const annual = (count: number) => usage({ subscription_tier: 'annual', limit: null, daily_limit: null, remaining: null, unlimited: true, daily_count: count });

describe('dailyLimitFor', () => {
  it('follows spec section 4', () => {
    expect(dailyLimitFor('guest')).toBe(3);
    expect(dailyLimitFor('free')).toBe(3);
    expect(dailyLimitFor('monthly')).toBe(10);
    expect(dailyLimitFor('annual')).toBeNull();
    expect(dailyLimitFor('gold')).toBe(0);
  });
});

describe('decideBeforeAnalysis', () => {
  it('analyses below the limit and shows the paywall at it', () => {
    expect(decideBeforeAnalysis(usage({ daily_count: 2 }))).toBe('analyse');
    expect(decideBeforeAnalysis(usage({ daily_count: 3 }))).toBe('paywall');
    expect(decideBeforeAnalysis(usage({ daily_count: 1, hasReachedLimit: true }))).toBe('paywall');
    expect(decideBeforeAnalysis(usage({ subscription_tier: 'monthly', limit: 10, daily_limit: 10, daily_count: 9 }))).toBe('analyse');
    expect(decideBeforeAnalysis(usage({ subscription_tier: 'monthly', limit: 10, daily_limit: 10, daily_count: 10 }))).toBe('paywall');
  });

  it('always analyses on the annual plan', () => {
    expect(decideBeforeAnalysis(annual(500))).toBe('analyse');
    expect(decideBeforeAnalysis({ ...annual(5), hasReachedLimit: true })).toBe('analyse');
  });

  it('uses the limit of the tier when the record states none', () => {
    expect(decideBeforeAnalysis(usage({ subscription_tier: 'free', limit: null, daily_limit: null, daily_count: 3 }))).toBe('paywall');
  });

  it('lets the server decide when no usage is known, and blocks on an invalid record', () => {
    expect(decideBeforeAnalysis(null)).toBe('analyse');
    expect(decideBeforeAnalysis('invalid')).toBe('paywall');
    expect(decideBeforeAnalysis(usage({ daily_count: -1 }))).toBe('paywall');
    expect(decideBeforeAnalysis({ ...usage(), subscription_tier: 'vip' } as unknown as Usage)).toBe('paywall');
  });
});

describe('hasReachedLimit', () => {
  it('is never true when unlimited', () => {
    expect(hasReachedLimit(annual(1000))).toBe(false);
  });
});

describe('usageForToday', () => {
  it("keeps today's usage and starts another day's again at 0", () => {
    const kept = usage({ daily_count: 3, remaining: 0, hasReachedLimit: true, shouldPromptUpgrade: true });
    expect(usageForToday(kept, '2030-01-01', '2030-01-01')).toBe(kept);
    expect(usageForToday(kept, '2029-12-31', '2030-01-01')).toMatchObject({
      daily_count: 0,
      remaining: 3,
      hasReachedLimit: false,
      shouldPromptUpgrade: false,
    });
  });
});

describe('usageSummary and usageShare', () => {
  it('counts against the limit', () => {
    expect(usageSummary(usage({ daily_count: 2 }))).toBe('2 of 3 analyses used today');
    expect(usageShare(usage({ daily_count: 2 }))).toBeCloseTo(2 / 3);
    expect(usageSummary(usage({ subscription_tier: 'monthly', limit: 10, daily_count: 0 }))).toBe('0 of 10 analyses used today');
    expect(usageShare(usage({ daily_count: 7 }))).toBe(1);
  });

  it('says so when the plan is unlimited or includes nothing', () => {
    expect(usageSummary(annual(12))).toBe('Unlimited analyses on your plan');
    expect(usageShare(annual(12))).toBeNull();
    expect(usageSummary(usage({ limit: 0, daily_limit: 0 }))).toBe('Your plan includes no analyses');
  });
});

describe('shouldPromptUpgrade', () => {
  it('prompts guests and free users from 80% of the limit on', () => {
    expect(shouldPromptUpgrade(usage({ daily_count: 2 }))).toBe(false);
    expect(shouldPromptUpgrade(usage({ daily_count: 3 }))).toBe(true);
    expect(shouldPromptUpgrade(usage({ daily_count: 1, shouldPromptUpgrade: true }))).toBe(true);
    expect(shouldPromptUpgrade(usage({ subscription_tier: 'free', daily_count: 3 }))).toBe(true);
  });

  it('never prompts subscribers', () => {
    expect(shouldPromptUpgrade(usage({ subscription_tier: 'monthly', limit: 10, daily_count: 10, shouldPromptUpgrade: true }))).toBe(false);
    expect(shouldPromptUpgrade(annual(100))).toBe(false);
  });

  it('words the prompt for guests and for free users', () => {
    expect(upgradePromptText(usage({ daily_count: 3 }))).toBe(
      'You have used 3 of your 3 free analyses today. Create a free account or upgrade to keep decoding.',
    );
    expect(upgradePromptText(usage({ subscription_tier: 'free', daily_count: 5 }))).toBe(
      'You have used 3 of your 3 free analyses today. Upgrade for more analyses every day.',
    );
  });

  it('tells a free account whose address is unconfirmed that confirming it gives its own allowance', () => {
    expect(upgradePromptText(usage({ subscription_tier: 'free', daily_count: 3 }), true)).toBe(
      'You have used 3 of your 3 free analyses today. Confirm your e-mail address to get your own 3 a day, or upgrade for more.',
    );
    // A guest has no address to confirm.
    expect(upgradePromptText(usage({ daily_count: 3 }), true)).toContain('Create a free account');
  });
});

describe('usageSyncFailure', () => {
  it("names why the sync failed with spec section 8's messages", () => {
    expect(usageSyncFailure(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe('Network error during sync');
    expect(usageSyncFailure(new ApiError(401, 'UNAUTHENTICATED', 'expired'))).toBe('User not authenticated');
    expect(usageSyncFailure(new ApiError(401, 'NO_TOKEN', 'none'))).toBe('No authentication token found');
    expect(usageSyncFailure(new ApiError(404, 'USER_NOT_FOUND', 'gone'))).toBe('No user found');
    expect(usageSyncFailure(new ApiError(500, 'INTERNAL', 'boom'))).toBe('Failed to get current usage from backend');
    expect(usageSyncFailure(new Error('odd'))).toBe('Failed to get current usage from backend');
  });
});
