import { describe, expect, it } from 'vitest';
import type { ChatUsage } from '@keisha/contracts/chat';
import { DEFAULT_PROFILE, hasReachedDailyLimit, messagesTodayLabel, profileFromUsage } from './profile.ts';

const usage = (over: Partial<ChatUsage>): ChatUsage => ({
  plan: 'Free',
  messages_today: 3,
  daily_limit: 10,
  remaining: 7,
  unlimited: false,
  limit_reached: false,
  resets_at: '2030-01-02T00:00:00.000Z',
  time_zone: 'UTC',
  ...over,
});

describe('chat profile', () => {
  it('shows "Messages today: n / 10" for Free, and nothing for the unlimited plans', () => {
    expect(messagesTodayLabel(profileFromUsage(usage({})))).toBe('Messages today: 3 / 10');
    expect(messagesTodayLabel(DEFAULT_PROFILE)).toBe('Messages today: 0 / 10');
    for (const plan of ['Starter', 'Pro', 'Gold'] as const) {
      expect(messagesTodayLabel(profileFromUsage(usage({ plan, daily_limit: null, remaining: null, unlimited: true })))).toBeNull();
    }
  });

  it('reaches the limit at 10 messages on Free, never on an unlimited plan', () => {
    expect(hasReachedDailyLimit(profileFromUsage(usage({ messages_today: 9 })))).toBe(false);
    expect(hasReachedDailyLimit(profileFromUsage(usage({ messages_today: 10 })))).toBe(true);
    expect(hasReachedDailyLimit(profileFromUsage(usage({ plan: 'Pro', messages_today: 500, daily_limit: null, unlimited: true })))).toBe(false);
  });
});
