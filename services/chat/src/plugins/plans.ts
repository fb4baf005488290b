import type { ChatTier } from '@keisha/contracts/chat';

/** The chat plan of an account. */
export type PlanResolver = (userId: string) => Promise<ChatTier>;

/**
 * Billing is the single source of truth for plans (ARCHITECTURE.md). Until its entitlements route
 * exists every account gets the configured plan (DEFAULT_CHAT_TIER, Free unless set), and this is
 * the one function billing's answer will replace. A plan sent by a browser is never trusted.
 */
export function chatPlans(defaultTier: ChatTier): PlanResolver {
  return async (_userId) => defaultTier;
}
