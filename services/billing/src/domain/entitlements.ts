// What a person may use, computed from their subscriptions (pure: `now` is given).
import type { Entitlement } from '@keisha/contracts/billing';

export interface SubscriptionFacts {
  product: 'decoder' | 'chat';
  tier: string;
  status: 'pending' | 'active' | 'cancelled' | 'expired' | 'refunded' | 'failed';
  /** End of the paid period; null for a lifetime purchase. */
  current_period_end: Date | null;
  lifetime: boolean;
}

const DECODER_RANK = { free: 0, monthly: 1, annual: 2 } as const;
const CHAT_RANK = { Free: 0, Starter: 1, Pro: 2, Gold: 3 } as const;

/** Where a tier stands within its product (free 0, then each paid plan higher), or -1 for a tier we do not sell. */
export function planRank(product: string, tier: string): number {
  const ranks: Record<string, number> = product === 'decoder' ? DECODER_RANK : product === 'chat' ? CHAT_RANK : {};
  return ranks[tier] ?? -1;
}

/** Until when a purchase gives access (ms): forever for a lifetime one. */
export function accessEnd(purchase: SubscriptionFacts): number {
  return purchase.lifetime ? Number.POSITIVE_INFINITY : (purchase.current_period_end?.getTime() ?? 0);
}

/** Paid access lasts to the end of the period; a cancellation keeps it until then; a refund ends it. */
export function grantsAccess(subscription: SubscriptionFacts, now: Date): boolean {
  if (subscription.status !== 'active' && subscription.status !== 'cancelled') return false;
  if (subscription.lifetime) return subscription.status === 'active';
  return subscription.current_period_end !== null && subscription.current_period_end.getTime() > now.getTime();
}

export function entitlementOf(subscriptions: SubscriptionFacts[], now: Date): Entitlement {
  let decoder: keyof typeof DECODER_RANK = 'free';
  let chat: keyof typeof CHAT_RANK = 'Free';
  let expires: Date | null = null;
  let lifetime = false;
  for (const subscription of subscriptions) {
    if (!grantsAccess(subscription, now)) continue;
    if (subscription.product === 'decoder' && subscription.tier in DECODER_RANK) {
      const tier = subscription.tier as keyof typeof DECODER_RANK;
      if (DECODER_RANK[tier] > DECODER_RANK[decoder]) decoder = tier;
    } else if (subscription.product === 'chat' && subscription.tier in CHAT_RANK) {
      const tier = subscription.tier as keyof typeof CHAT_RANK;
      if (CHAT_RANK[tier] > CHAT_RANK[chat]) chat = tier;
    } else continue;
    if (subscription.lifetime) lifetime = true;
    else if (subscription.current_period_end && (!expires || subscription.current_period_end > expires)) expires = subscription.current_period_end;
  }
  return { decoder_tier: decoder, chat_tier: chat, expires_at: expires?.toISOString() ?? null, lifetime };
}

/**
 * The purchase of a product that matters now: the best-ranked one giving access (latest end first),
 * else the newest. `purchases` may come in any order; each needs a created_at.
 */
export function currentPurchase<T extends SubscriptionFacts & { created_at: Date }>(purchases: T[], product: 'decoder' | 'chat', now: Date): T | null {
  const ofProduct = purchases.filter((p) => p.product === product);
  const rank = (p: T) => planRank(product, p.tier);
  const granting = ofProduct.filter((p) => grantsAccess(p, now)).sort((a, b) => rank(b) - rank(a) || accessEnd(b) - accessEnd(a));
  if (granting[0]) return granting[0];
  return [...ofProduct].sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0] ?? null;
}
