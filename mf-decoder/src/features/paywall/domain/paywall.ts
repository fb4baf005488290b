import type { PaymentMethod, PaywallPlan, PlanId } from './plans.ts';

/** Who sees the paywall: a visitor without an account, or a signed-in reader at their plan's limit. */
export type PaywallAudience = 'guest' | 'member';

/** Spec section 2: the paywall's two titles. */
export const PAYWALL_TITLES: Record<PaywallAudience, string> = {
  guest: 'Guest Limit Reached',
  member: 'Daily Limit Reached',
};

/** Spec section 2: hidden for unlimited plans. */
export const RESET_NOTE = 'Usage resets at midnight';

export function paywallAudience(signedIn: boolean, tier: string | null | undefined): PaywallAudience {
  return !signedIn || tier === 'guest' ? 'guest' : 'member';
}

export function paywallTitle(audience: PaywallAudience): string {
  return PAYWALL_TITLES[audience];
}

/** The reset note is for plans with a daily limit; an unlimited plan has nothing to reset. */
export function showsResetNote(usage: { unlimited?: boolean; subscription_tier?: string } | null): boolean {
  return !(usage?.unlimited === true || usage?.subscription_tier === 'annual');
}

export function paywallMessage(audience: PaywallAudience, limit: number | null, tier?: string | null): string {
  const allowance = limit === null ? 'your' : `all ${limit} of your`;
  if (audience === 'guest') return `You have used ${allowance} free analyses for today. Choose a plan to keep decoding the news.`;
  // A Monthly reader has one step left: the paywall shows only Annual, so it says so.
  if (tier === 'monthly') return `You have used ${allowance} analyses for today. Upgrade to the Annual plan for unlimited analyses.`;
  return `You have used ${allowance} analyses for today. Upgrade your plan to keep decoding the news.`;
}

/**
 * The plans worth offering at the limit: those that raise the reader's daily limit. Buying the plan one
 * already has only adds a period (docs/billing.md), so a Monthly reader at 10 of 10 is offered Annual
 * alone. A guest, or a reader whose limit is not known, is offered every plan.
 */
export function plansRaisingLimit(plans: readonly PaywallPlan[], audience: PaywallAudience, limit: number | null): PaywallPlan[] {
  if (audience === 'guest' || limit === null) return [...plans];
  return plans.filter((plan) => plan.dailyLimit === null || plan.dailyLimit > limit);
}

/**
 * The user_type sent to /pricing: 'guest' for a visitor without an account, otherwise the reader's plan
 * (free, or monthly for a subscriber at the limit of their plan).
 */
export function userTypeOf(audience: PaywallAudience, tier: string | null | undefined): string {
  if (audience === 'guest') return 'guest';
  return tier === 'monthly' || tier === 'annual' ? tier : 'free';
}

/**
 * Spec section 8 ("Payment"): a guest, or a payment that returns no payment_url, goes to /pricing with
 * plan, source=paywall, payment and user_type.
 */
export function pricingUrl(plan: PlanId, payment: PaymentMethod, userType: string): string {
  const query = new URLSearchParams({ plan, source: 'paywall', payment, user_type: userType });
  return `/pricing?${query.toString()}`;
}
