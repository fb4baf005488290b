// The chat plan of an account comes from billing, the single source of truth for plans, through the
// shared entitlements client (@keisha/service-kit): the reader's own token is forwarded, paid plans are
// cached briefly, and an account billing cannot place is counted on Free, never on a paid plan by accident.
import { CHAT_TIERS, type ChatTier } from '@keisha/contracts/chat';
import { entitlementLookup, type EntitlementAccount } from '@keisha/service-kit';

/** Who is asking: the account id and the request's `Authorization` header. */
export type PlanAccount = EntitlementAccount;

/** The chat plan of an account. */
export type PlanResolver = (account: PlanAccount) => Promise<ChatTier>;

export interface PlanSettings {
  /** One plan for every account (DEFAULT_CHAT_TIER): single-service runs, tests and benchmarks. */
  fixedTier?: ChatTier;
  /** Where billing answers entitlements (BILLING_URL); without it, and without a fixed plan, everyone is Free. */
  billingUrl?: string;
}

type Log = { warn: (obj: object, msg: string) => void };

/** The resolver the configuration asks for: a fixed plan, else billing's entitlements, else Free. */
export function chatPlans(settings: PlanSettings, log: Log): PlanResolver {
  if (settings.fixedTier) return fixedChatPlan(settings.fixedTier);
  if (settings.billingUrl) return billingChatPlans(settings.billingUrl, log);
  return fixedChatPlan('Free');
}

export function fixedChatPlan(tier: ChatTier): PlanResolver {
  return async () => tier;
}

export function billingChatPlans(
  billingUrl: string,
  log: Log,
  { ttlMs = 1000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): PlanResolver {
  return entitlementLookup<ChatTier>(billingUrl, {
    read: (entitlement) => CHAT_TIERS.find((tier) => tier === entitlement.chat_tier),
    free: 'Free',
    fallbackNote: 'counting the account on the Free chat plan',
    log,
    ttlMs,
    timeoutMs,
    maxEntries,
  });
}
