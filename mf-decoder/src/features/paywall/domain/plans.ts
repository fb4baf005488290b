// The paywall's plans and prices (spec section 9, "Decoder paywall prices").
//
// Billing's catalogue (GET /api/billing/plans) is the one source of the prices: the paywall reads it with
// plansFromCatalogue() below and writes no price of its own. Prices are in cents so that savings are
// computed exactly.
import type { DecoderPlan, PlansResponse } from '@keisha/contracts/billing';

export type PlanId = 'monthly' | 'annual';
export type PaymentMethod = 'bitcoin' | 'cashapp';

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  bitcoin: 'Bitcoin',
  cashapp: 'Cash App',
};

export interface PaywallPlan {
  id: PlanId;
  name: string;
  /** What one payment buys. */
  period: 'month' | 'year';
  priceCents: Record<PaymentMethod, number>;
  /** Analyses per day; null is unlimited. */
  dailyLimit: number | null;
  features: string[];
  recommended: boolean;
}

/** '$7' for whole dollars, '$14.99' otherwise. */
export function formatPrice(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? `$${dollars.toLocaleString('en-US')}` : `$${dollars.toLocaleString('en-US')}.${String(rest).padStart(2, '0')}`;
}

export interface Savings {
  cents: number;
  /** Rounded to a whole percent of a year paid monthly. */
  percent: number;
}

/** What a year on the annual plan saves against twelve monthly payments, with the same payment method. */
export function annualSavings(method: PaymentMethod, plans: readonly PaywallPlan[]): Savings {
  const monthly = plans.find((plan) => plan.id === 'monthly');
  const annual = plans.find((plan) => plan.id === 'annual');
  if (!monthly || !annual) return { cents: 0, percent: 0 };
  const yearOfMonths = monthly.priceCents[method] * 12;
  const cents = Math.max(0, yearOfMonths - annual.priceCents[method]);
  return { cents, percent: yearOfMonths === 0 ? 0 : Math.round((cents / yearOfMonths) * 100) };
}

/** e.g. 'Save $24 (29%) with Bitcoin'. */
export function savingsLabel(method: PaymentMethod, plans: readonly PaywallPlan[]): string {
  const { cents, percent } = annualSavings(method, plans);
  return `Save ${formatPrice(cents)} (${percent}%) with ${PAYMENT_METHOD_NAMES[method]}`;
}

const PERIODS: Record<DecoderPlan['billing_cycle'], PaywallPlan['period'] | null> = { monthly: 'month', yearly: 'year', daily: null };

function isCents(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

function paywallPlanOf(plan: DecoderPlan | undefined, id: PlanId): PaywallPlan | null {
  if (!plan || plan.tier !== id) return null;
  const period = PERIODS[plan.billing_cycle];
  const bitcoin = plan.bitcoin_price?.cents;
  const cashapp = plan.cashapp_price?.cents;
  if (!period || !isCents(bitcoin) || !isCents(cashapp)) return null;
  return {
    id,
    name: typeof plan.name === 'string' && plan.name.trim() !== '' ? plan.name : id === 'monthly' ? 'Monthly' : 'Annual',
    period,
    priceCents: { bitcoin, cashapp },
    dailyLimit: plan.usage_limit === null ? null : isCents(plan.usage_limit) ? plan.usage_limit : null,
    features: Array.isArray(plan.features) ? plan.features.filter((f): f is string => typeof f === 'string') : [],
    recommended: id === 'annual',
  };
}

/** The paywall's two plans from billing's catalogue, or null when the catalogue does not have both. */
export function plansFromCatalogue(response: unknown): PaywallPlan[] | null {
  const plans = (response as Partial<PlansResponse> | null)?.decoder?.plans;
  if (!Array.isArray(plans)) return null;
  const monthly = paywallPlanOf(plans.find((plan) => plan?.tier === 'monthly'), 'monthly');
  const annual = paywallPlanOf(plans.find((plan) => plan?.tier === 'annual'), 'annual');
  return monthly && annual ? [monthly, annual] : null;
}
