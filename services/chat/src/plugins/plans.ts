// The chat plan of an account comes from billing, the single source of truth for plans, through the
// shared entitlements client (@keisha/service-kit): asked on billing's internal route, a paid answer reused for a second,
// and when billing cannot answer the last plan it gave stands for a while; with none known the message is
// refused with 503 PLAN_UNAVAILABLE, never counted on Free by accident.
import { CHAT_TIERS, type ChatTier } from '@keisha/contracts/chat';
import { entitlementLookup, type EntitlementAccount, type EntitlementLookupOptions } from '@keisha/service-kit';

/** Who is asking: the account id and the request's `Authorization` header. */
export type PlanAccount = EntitlementAccount;

/** The chat plan of an account. */
export type PlanResolver = (account: PlanAccount) => Promise<ChatTier>;

export interface PlanSettings {
  /** One plan for every account (DEFAULT_CHAT_TIER): single-service runs, tests and benchmarks. */
  fixedTier?: ChatTier;
  /** Where billing answers entitlements (BILLING_URL); without it, and without a fixed plan, everyone is Free. */
  billingUrl?: string;
  /** The services' internal token: billing's internal route, never throttled (without it, the reader's token is forwarded). */
  internalToken?: () => string | undefined;
  /** Counts plan questions billing could not answer. */
  onFailure?: (outcome: 'stale' | 'unavailable') => void;
}

type Log = { warn: (obj: object, msg: string) => void };

/** The resolver the configuration asks for: a fixed plan, else billing's entitlements, else Free. */
export function chatPlans(settings: PlanSettings, log: Log): PlanResolver {
  if (settings.fixedTier) return fixedChatPlan(settings.fixedTier);
  if (settings.billingUrl) return billingChatPlans(settings.billingUrl, log, { internalToken: settings.internalToken, onFailure: settings.onFailure });
  return fixedChatPlan('Free');
}

export function fixedChatPlan(tier: ChatTier): PlanResolver {
  return async () => tier;
}

export function billingChatPlans(
  billingUrl: string,
  log: Log,
  options: Omit<EntitlementLookupOptions<ChatTier>, 'read' | 'isFree' | 'log'> = {},
): PlanResolver {
  return entitlementLookup<ChatTier>(billingUrl, {
    ...options,
    read: (entitlement) => CHAT_TIERS.find((tier) => tier === entitlement.chat_tier),
    isFree: (tier) => tier === 'Free',
    log,
  });
}
