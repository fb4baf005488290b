// The plan section of the account page (issue 28, item 4): each paid plan the account holds now, with
// "Renews on" for a plan that renews (paid, not cancelled, not lifetime) and a Cancel for it, "Active until"
// for one that was cancelled and runs to the end of its paid period, "Lifetime" for Gold. Pure.
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

/** For each product, the purchase giving access now (the earliest, when a second is stacked after it). */
export function currentPurchases(subscriptions: readonly SubscriptionView[]): SubscriptionView[] {
  const byProduct = new Map<string, SubscriptionView>();
  for (const purchase of [...subscriptions].sort((a, b) => (a.created_at < b.created_at ? -1 : 1))) {
    if (purchase.grants_access && !byProduct.has(purchase.product)) byProduct.set(purchase.product, purchase);
  }
  return ['decoder', 'chat'].flatMap((product) => (byProduct.has(product) ? [byProduct.get(product)!] : []));
}

export function planLine(purchase: SubscriptionView, timeZone?: string): PlanLine {
  const name = nameOf(purchase);
  if (purchase.lifetime) return { purchaseId: purchase.id, name, kind: 'lifetime', status: 'Lifetime', until: null };
  const formatted = purchase.current_period_end ? formatDate(purchase.current_period_end, timeZone) : MISSING_VALUE;
  const until = formatted === MISSING_VALUE ? null : formatted;
  if (purchase.status === 'active') return { purchaseId: purchase.id, name, kind: 'renews', status: until ? `Renews on ${until}` : 'Renews', until };
  return { purchaseId: purchase.id, name, kind: 'ends', status: until ? `Active until ${until}` : 'Active', until };
}
