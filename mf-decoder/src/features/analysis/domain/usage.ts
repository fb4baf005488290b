import { ApiError } from '@keisha/contracts';
import { dailyLimitFor, UPGRADE_PROMPT_SHARE, type DecoderTier, type Usage } from '@keisha/contracts/decoder';
import { isValidUsageRecord } from './analysis-result.ts';
import { isNetworkTypeError } from './network-error.ts';

// Spec sections 4, 5 and 9 as the browser sees them. The server counts and decides; the browser shows
// its answer, and falls back on the last answer it kept when the server cannot be asked.

/** Spec section 4's limits and section 9's prompt share are the service's own (@keisha/contracts/decoder). */
export { dailyLimitFor };

function limitOf(usage: Usage): number | null {
  if (usage.unlimited || usage.subscription_tier === 'annual') return null;
  const stated = usage.limit ?? usage.daily_limit;
  return typeof stated === 'number' && Number.isFinite(stated) && stated >= 0 ? stated : dailyLimitFor(usage.subscription_tier);
}

/** Spec section 4: a reader can analyse on the annual plan, or while the count is below the limit. */
export function hasReachedLimit(usage: Usage): boolean {
  const limit = limitOf(usage);
  if (limit === null) return false;
  return usage.hasReachedLimit === true || usage.daily_count >= limit;
}

export type UsageDecision = 'analyse' | 'paywall';

/**
 * Spec section 4 ("Analysis") and 5 ("Usage record validity"): whether to analyse, from the usage just
 * synced or, failing that, the one kept in the browser. With no usage known at all the server decides;
 * a kept record that fails the validity rule blocks the analysis.
 */
export function decideBeforeAnalysis(usage: Usage | null | 'invalid'): UsageDecision {
  if (usage === null) return 'analyse';
  if (usage === 'invalid' || !isValidUsageRecord(usage)) return 'paywall';
  return hasReachedLimit(usage) ? 'paywall' : 'analyse';
}

/** Spec section 4 ("Daily reset"): a usage kept from another day starts again at 0. */
export function usageForToday(usage: Usage, keptOn: string, today: string): Usage {
  if (keptOn === today) return usage;
  const limit = limitOf(usage);
  return {
    ...usage,
    daily_count: 0,
    remaining: limit,
    hasReachedLimit: limit === 0,
    shouldPromptUpgrade: false,
  };
}

/** The usage line under the article: how much of today's allowance is used. */
export function usageSummary(usage: Usage): string {
  const limit = limitOf(usage);
  if (limit === null) return 'Unlimited analyses on your plan';
  if (limit === 0) return 'Your plan includes no analyses';
  return `${usage.daily_count} of ${limit} ${limit === 1 ? 'analysis' : 'analyses'} used today`;
}

/** 0 to 1: how much of the allowance is used, for the meter; null when unlimited. */
export function usageShare(usage: Usage): number | null {
  const limit = limitOf(usage);
  if (limit === null) return null;
  if (limit === 0) return 1;
  return Math.min(1, Math.max(0, usage.daily_count / limit));
}

const PROMPTED_TIERS: ReadonlySet<DecoderTier> = new Set(['guest', 'free']);

/** Spec section 4: guests and free users are prompted to upgrade from 80% of the limit on. */
export function shouldPromptUpgrade(usage: Usage): boolean {
  if (!PROMPTED_TIERS.has(usage.subscription_tier)) return false;
  if (usage.shouldPromptUpgrade === true) return true;
  const limit = limitOf(usage);
  return limit !== null && limit > 0 && usage.daily_count >= limit * UPGRADE_PROMPT_SHARE;
}

/**
 * `addressUnconfirmed`: a free account whose address is not confirmed shares the guests' allowance of its
 * network address (issue 27), so a guest who used it up and then signed up saw "3 of your 3" with nothing to do
 * but pay; the banner names the free way to an allowance of its own first.
 */
export function upgradePromptText(usage: Usage, addressUnconfirmed = false): string {
  const limit = limitOf(usage) ?? 0;
  const used = `You have used ${Math.min(usage.daily_count, limit)} of your ${limit} free analyses today.`;
  if (usage.subscription_tier === 'guest') return `${used} Create a free account or upgrade to keep decoding.`;
  if (addressUnconfirmed) return `${used} Confirm your e-mail address to get your own ${limit} a day, or upgrade for more.`;
  return `${used} Upgrade for more analyses every day.`;
}

/** Spec section 8 ("Usage sync"): why the usage could not be synced. */
export const USAGE_SYNC_MESSAGES = {
  noUser: 'No user found',
  notAuthenticated: 'User not authenticated',
  noToken: 'No authentication token found',
  failed: 'Failed to get current usage from backend',
  network: 'Network error during sync',
} as const;

export function usageSyncFailure(error: unknown): string {
  if (isNetworkTypeError(error)) return USAGE_SYNC_MESSAGES.network;
  if (error instanceof ApiError) {
    if (error.code === 'USER_NOT_FOUND') return USAGE_SYNC_MESSAGES.noUser;
    if (error.code === 'NO_TOKEN' || error.code === 'MISSING_TOKEN') return USAGE_SYNC_MESSAGES.noToken;
    if (error.status === 401) return USAGE_SYNC_MESSAGES.notAuthenticated;
  }
  return USAGE_SYNC_MESSAGES.failed;
}
