import type { Usage } from '@keisha/contracts/decoder';

/** A guest's decoder usage as the service answers it: none of the three free analyses of the day used yet. */
export function guestUsage(overrides: Partial<Usage> = {}): Usage {
  return {
    daily_count: 0,
    limit: 3,
    daily_limit: 3,
    subscription_tier: 'guest',
    remaining: 3,
    unlimited: false,
    hasReachedLimit: false,
    shouldPromptUpgrade: false,
    resets_at: '2030-01-02T00:00:00.000Z',
    ...overrides,
  };
}

/** A guest who has used all three free analyses of the day: the paywall's moment. */
export function guestUsageAtLimit(overrides: Partial<Usage> = {}): Usage {
  return guestUsage({ daily_count: 3, remaining: 0, hasReachedLimit: true, shouldPromptUpgrade: true, ...overrides });
}
