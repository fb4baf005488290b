// The chat plan of an account comes from billing, the single source of truth for plans
// (ARCHITECTURE.md "Entitlements"). The reader's own access token is forwarded to billing's
// /entitlements/me, so no service credential exists to leak, and a plan sent by a browser is never
// trusted. Paid answers are cached briefly per account; Free is never cached, so a plan bought a
// moment ago counts at once. If billing cannot answer, the account is counted on Free (never a paid
// plan by accident) and the failure is logged.
import { ENTITLEMENT_PATHS, type EntitlementResponse } from '@keisha/contracts/billing';
import { CHAT_TIERS, type ChatTier } from '@keisha/contracts/chat';

/** Who is asking: the account id and the request's `Authorization` header. */
export interface PlanAccount {
  userId: string;
  /** `Bearer <access token>`, forwarded to billing as is. */
  bearer: string;
}

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

function isChatTier(value: unknown): value is ChatTier {
  return typeof value === 'string' && (CHAT_TIERS as readonly string[]).includes(value);
}

export function billingChatPlans(
  billingUrl: string,
  log: Log,
  { ttlMs = 30_000, timeoutMs = 2000, maxEntries = 10_000 } = {},
): PlanResolver {
  const cache = new Map<string, { tier: ChatTier; until: number }>();
  const url = new URL(ENTITLEMENT_PATHS.me, billingUrl).toString();
  return async ({ userId, bearer }) => {
    const cached = cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.tier;
    try {
      const response = await fetch(url, { headers: { authorization: bearer }, signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      const tier = ((await response.json()) as Partial<EntitlementResponse>).entitlement?.chat_tier;
      if (!isChatTier(tier)) throw new Error(`billing sent an unknown chat plan: ${String(tier)}`);
      if (tier !== 'Free') {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(userId, { tier, until: Date.now() + ttlMs });
      }
      return tier;
    } catch (error) {
      log.warn({ err: error, userId }, 'billing entitlements unavailable; counting the account on the Free chat plan');
      return 'Free';
    }
  };
}
