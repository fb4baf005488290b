// Upgrades and purchases that add nothing (the audit of Monthly then Annual). Within one product the plans rank
// (decoder: monthly < annual; chat: Starter < Pro < Gold) and the highest one giving access is the plan.
// - A purchase is refused before any payment when a plan of the same product already gives access at the same
//   or a higher rank for at least as long as the new purchase would: Monthly under an Annual with more than a
//   month left, anything under a lifetime Gold, Gold again. Buying the same (non-lifetime) plan again is never
//   refused: it starts where the current one ends, so it always adds a period.
// - A plan outranked by another giving access at least as long (an upgrade, or a lower checkout paid late) must
//   not renew beside it: its renewal is stopped, and it keeps the period already paid for. Pure: `now` is given.
import { accessEnd as coverEnd, grantsAccess, planRank, type SubscriptionFacts } from './entitlements.ts';
import { periodEnd, periodStart, type BillingCycle } from './period.ts';

export interface HeldPurchase extends SubscriptionFacts {
  id: string;
}

export interface WantedPlan {
  product: 'decoder' | 'chat';
  tier: string;
  cycle: BillingCycle;
}

const FOREVER = Number.POSITIVE_INFINITY;

/** Until when a new purchase of `wanted` would give access, bought now (a repeat of a plan starts where it ends). */
export function wantedCoverEnd(held: readonly SubscriptionFacts[], wanted: WantedPlan, now: Date): number {
  if (wanted.cycle === 'lifetime') return FOREVER;
  const sameTier = held.filter((p) => p.product === wanted.product && p.tier === wanted.tier && !p.lifetime && grantsAccess(p, now));
  const start = periodStart(
    now,
    sameTier.map((p) => p.current_period_end),
  );
  return periodEnd(wanted.cycle, start)!.getTime();
}

/**
 * The purchase already giving at least what `wanted` would (same product, same or higher rank, cover at least as
 * long), best first, or null when buying `wanted` adds something.
 */
export function coveringPurchase<T extends SubscriptionFacts>(held: readonly T[], wanted: WantedPlan, now: Date): T | null {
  const rank = planRank(wanted.product, wanted.tier);
  const end = wantedCoverEnd(held, wanted, now);
  const covering = held
    .filter((p) => p.product === wanted.product && grantsAccess(p, now) && planRank(p.product, p.tier) >= rank && coverEnd(p) >= end)
    .sort((a, b) => planRank(b.product, b.tier) - planRank(a.product, a.tier) || coverEnd(b) - coverEnd(a));
  return covering[0] ?? null;
}

/**
 * The purchases whose renewal must stop: renewing (active, not lifetime, giving access) while another purchase of
 * the same product ranks higher and gives access at least as long. Idempotent: once stopped they are no longer
 * active, so asking again after a replayed or concurrent activation finds nothing more to do.
 */
export function renewalsToStop<T extends HeldPurchase>(held: readonly T[], now: Date): T[] {
  const giving = held.filter((p) => grantsAccess(p, now));
  return giving.filter(
    (lower) =>
      lower.status === 'active' &&
      !lower.lifetime &&
      giving.some((higher) => higher.id !== lower.id && higher.product === lower.product && planRank(higher.product, higher.tier) > planRank(lower.product, lower.tier) && coverEnd(higher) >= coverEnd(lower)),
  );
}

const DECODER_NAMES: Record<string, string> = { monthly: 'Monthly', annual: 'Annual' };

/** 'News Decoder Annual', 'Chat Gold' (as the account page names plans). */
export function planName(product: string, tier: string): string {
  return product === 'decoder' ? `News Decoder ${DECODER_NAMES[tier] ?? tier}` : `Chat ${tier}`;
}

function dateOf(time: Date): string {
  return time.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** Why a purchase of `wanted` is refused, naming the plan that already covers it (the 409's message). */
export function alreadyCoveredMessage(covering: SubscriptionFacts, wanted: WantedPlan): string {
  const have = planName(covering.product, covering.tier);
  const want = planName(wanted.product, wanted.tier);
  const until = covering.lifetime ? 'for life' : covering.current_period_end ? `until ${dateOf(covering.current_period_end)}` : '';
  const held = `You already have ${have}${until ? ` ${until}` : ''}`;
  if (covering.tier === wanted.tier) return `${held}. Buying it again would add nothing, so you have not been charged.`;
  return `${held}, which includes everything ${want} gives. Buying it would add nothing, so you have not been charged.`;
}
