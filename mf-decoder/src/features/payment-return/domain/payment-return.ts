// The decoder paywall's return pages (spec section 2): the provider sends the reader back to
// /payment/success?subscription_id=<id> or /payment/cancel. A return link is only a claim: success is
// said once billing, asked about that purchase, says it is paid. Pure: the I/O is in api/ and hooks/.

/** Billing's purchase ids are UUIDs; anything else in the link is not one of ours. */
const CHECKOUT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A provider confirms within seconds; the page asks this many times, this far apart, before saying it waits. */
export const VERIFY_ATTEMPTS = 5;
export const VERIFY_RETRY_MS = 2000;

/** The purchase id of the return link, or null when it is missing, repeated with different values, or not an id. */
export function checkoutIdFrom(search: string): string | null {
  const values = new URLSearchParams(search).getAll('subscription_id').map((value) => value.trim());
  const first = values[0];
  if (!first || values.some((value) => value !== first)) return null;
  return CHECKOUT_ID.test(first) ? first.toLowerCase() : null;
}

/** What billing's answer about one purchase means for this page. */
export type CheckoutReading =
  | { kind: 'paid'; plan: string; until: string | null; lifetime: boolean }
  /** A Cash App payment waiting for an administrator to match it. */
  | { kind: 'awaiting-approval' }
  /** The provider has not confirmed it yet: worth asking again. */
  | { kind: 'pending' }
  | { kind: 'closed'; status: 'failed' | 'cancelled' | 'expired' | 'refunded' };

/** 'monthly' -> 'Monthly': a plan name for a sentence; an unknown tier is not echoed back. */
export function planName(tier: unknown): string {
  if (tier === 'monthly') return 'Monthly';
  if (tier === 'annual') return 'Annual';
  if (tier === 'Starter' || tier === 'Pro' || tier === 'Gold') return tier;
  return 'new';
}

const CLOSED = new Set(['failed', 'cancelled', 'expired', 'refunded']);

export function readCheckout(response: unknown): CheckoutReading | null {
  const checkout = (response as { checkout?: Record<string, unknown> } | null)?.checkout;
  if (typeof checkout !== 'object' || checkout === null) return null;
  if (checkout.grants_access === true) {
    return {
      kind: 'paid',
      plan: planName(checkout.tier),
      until: typeof checkout.current_period_end === 'string' ? checkout.current_period_end : null,
      lifetime: checkout.lifetime === true,
    };
  }
  if (checkout.status === 'pending') return checkout.provider === 'cashapp' ? { kind: 'awaiting-approval' } : { kind: 'pending' };
  if (typeof checkout.status === 'string' && CLOSED.has(checkout.status)) {
    return { kind: 'closed', status: checkout.status as 'failed' | 'cancelled' | 'expired' | 'refunded' };
  }
  // 'active' without access (its period is over) reads as expired.
  if (checkout.status === 'active') return { kind: 'closed', status: 'expired' };
  return null;
}

/** How a refused question about the purchase reads: not signed in, not theirs (or unknown), or a failure. */
export function readVerifyError(error: unknown): 'sign-in' | 'not-found' | 'failed' {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 401) return 'sign-in';
  if (status === 404 || status === 403) return 'not-found';
  return 'failed';
}

/** 'You can now run 10 analyses a day (3 used today).', from the decoder's usage under the new plan. */
export function allowanceLine(response: unknown): string | null {
  const usage = (response as { usage?: Record<string, unknown> } | null)?.usage;
  if (typeof usage !== 'object' || usage === null) return null;
  if (usage.unlimited === true) return 'You can now run unlimited analyses.';
  const limit = typeof usage.limit === 'number' ? usage.limit : usage.daily_limit;
  const used = usage.daily_count;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) return null;
  const count = typeof used === 'number' && Number.isInteger(used) && used >= 0 ? ` (${used} used today)` : '';
  return `You can now run ${limit} ${limit === 1 ? 'analysis' : 'analyses'} a day${count}.`;
}

/** 'Mar 5, 2027' for the end of the paid period. */
export function formatUntil(iso: string | null, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}
