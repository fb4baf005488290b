// The plan section of the account page (issue 28, item 4): each paid plan the account holds now (the plan
// first, then any other purchase of the product still running), with "Renews on" for a plan that renews (paid,
// not cancelled, not lifetime) and a Cancel for it, "Active until" for one that was cancelled and runs to the end
// of its paid period, "Lifetime" for Gold. Pure.
import type { SubscriptionView } from '@keisha/contracts/billing';
import { formatDate, MISSING_VALUE } from '../../../lib/format.ts';

export interface PlanLine {
  purchaseId: string;
  /** 'News Decoder Monthly', 'Chat Pro'. */
  name: string;
  kind: 'renews' | 'ends' | 'lifetime';
  /** 'Renews on Mar 3, 2031', 'Active until Mar 3, 2031', 'Lifetime'. */
  status: string;
  /** The end of the paid period, formatted ('Mar 3, 2031'), or null for a lifetime plan. */
  until: string | null;
}

const NAMES: Record<string, string> = { monthly: 'Monthly', annual: 'Annual' };

function nameOf(purchase: SubscriptionView): string {
  return purchase.product === 'decoder' ? `News Decoder ${NAMES[purchase.tier] ?? purchase.tier}` : `Chat ${purchase.tier}`;
}

const RANKS: Record<string, readonly string[]> = { decoder: ['monthly', 'annual'], chat: ['Starter', 'Pro', 'Gold'] };

function rankOf(purchase: SubscriptionView): number {
  return RANKS[purchase.product]?.indexOf(purchase.tier) ?? -1;
}

function accessEnd(purchase: SubscriptionView): number {
  return purchase.lifetime ? Number.POSITIVE_INFINITY : purchase.current_period_end ? Date.parse(purchase.current_period_end) : 0;
}

/**
 * Every paid plan giving access now, by product (News Decoder, then Chat): first the one that gives the access (the
 * highest plan, the longest first among equals), then any other still running beside it (a lower plan stopped by an
 * upgrade, the same plan bought again), so nothing that renews or charges is hidden and each can be cancelled.
 */
export function runningPurchases(subscriptions: readonly SubscriptionView[]): SubscriptionView[] {
  return ['decoder', 'chat'].flatMap((product) =>
    subscriptions
      .filter((purchase) => purchase.product === product && purchase.grants_access)
      .sort((a, b) => rankOf(b) - rankOf(a) || accessEnd(b) - accessEnd(a) || (a.created_at < b.created_at ? -1 : 1)),
  );
}

export function planLine(purchase: SubscriptionView, timeZone?: string): PlanLine {
  const name = nameOf(purchase);
  if (purchase.lifetime) return { purchaseId: purchase.id, name, kind: 'lifetime', status: 'Lifetime', until: null };
  const formatted = purchase.current_period_end ? formatDate(purchase.current_period_end, timeZone) : MISSING_VALUE;
  const until = formatted === MISSING_VALUE ? null : formatted;
  if (purchase.status === 'active') return { purchaseId: purchase.id, name, kind: 'renews', status: until ? `Renews on ${until}` : 'Renews', until };
  return { purchaseId: purchase.id, name, kind: 'ends', status: until ? `Active until ${until}` : 'Active', until };
}
