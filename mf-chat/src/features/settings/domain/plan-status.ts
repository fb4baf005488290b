// The line under the plan in Settings (issue 28, item 4): "Renews on" only for a plan that renews (paid,
// not cancelled, not lifetime), "Active until" for one that was cancelled and runs to the end of its paid
// period, nothing for Free or Gold (lifetime). Pure.
import type { SubscriptionView } from '@keisha/contracts/billing';

export type PlanStatus =
  | { kind: 'renews'; label: 'Renews on'; date: string; purchaseId: string }
  | { kind: 'ends'; label: 'Active until'; date: string };

const CHAT_RANK: Record<string, number> = { Starter: 1, Pro: 2, Gold: 3 };

/**
 * The chat purchase giving access now: the highest plan granting it (after Starter then Gold, the Gold; billing has
 * stopped the Starter's renewal), and of one plan the earliest (a plan bought again starts when the first ends).
 */
export function currentChatPurchase(subscriptions: readonly SubscriptionView[]): SubscriptionView | null {
  const rank = (purchase: SubscriptionView) => CHAT_RANK[purchase.tier] ?? 0;
  return (
    subscriptions
      .filter((s) => s.product === 'chat' && s.grants_access)
      .sort((a, b) => rank(b) - rank(a) || (a.created_at < b.created_at ? -1 : 1))[0] ?? null
  );
}

export function formatPlanDate(iso: string | null, locale?: string): string | null {
  if (!iso) return null;
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(when);
}

/** Renewing or ending, with its date; null when there is no date to show (Free, lifetime, unknown). */
export function planStatusOf(purchase: SubscriptionView | null, locale?: string): PlanStatus | null {
  if (!purchase || purchase.lifetime || !purchase.grants_access) return null;
  const date = formatPlanDate(purchase.current_period_end, locale);
  if (!date) return null;
  if (purchase.status === 'active') return { kind: 'renews', label: 'Renews on', date, purchaseId: purchase.id };
  return { kind: 'ends', label: 'Active until', date };
}
