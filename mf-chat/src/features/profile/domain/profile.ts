// The chat profile the screens need (spec section 3, "Chat profile": the plan and today's messages).
// The service counts and decides; the browser only shows the count and opens the paywall early.
import { FREE_DAILY_MESSAGES, type ChatTier, type ChatUsage } from '@keisha/contracts/chat';

export interface ChatProfile {
  plan: ChatTier;
  messagesToday: number;
  /** null: unlimited. */
  dailyLimit: number | null;
}

/** Spec section 8: if the profile cannot be read, a default Free profile with 0 messages is used. */
export const DEFAULT_PROFILE: ChatProfile = { plan: 'Free', messagesToday: 0, dailyLimit: FREE_DAILY_MESSAGES };

export function profileFromUsage(usage: ChatUsage): ChatProfile {
  return {
    plan: usage.plan,
    messagesToday: Math.max(0, Math.floor(usage.messages_today)),
    dailyLimit: usage.unlimited ? null : (usage.daily_limit ?? null),
  };
}

/** Spec section 2 (Settings): 'Messages today: n / 10' for Free; nothing for the unlimited plans. */
export function messagesTodayLabel(profile: ChatProfile): string | null {
  if (profile.plan !== 'Free' || profile.dailyLimit === null) return null;
  return `Messages today: ${profile.messagesToday} / ${profile.dailyLimit}`;
}

/** Spec section 4: a Free user with 10 or more messages today sees the paywall instead of sending. */
export function hasReachedDailyLimit(profile: ChatProfile): boolean {
  return profile.dailyLimit !== null && profile.messagesToday >= profile.dailyLimit;
}
