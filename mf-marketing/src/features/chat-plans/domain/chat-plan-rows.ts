import type { ChatPlan } from '@keisha/contracts/billing';

export interface ChatPlanRow {
  tier: ChatPlan['tier'];
  name: string;
  /** '$9.00' */
  price: string;
  /** 'per month', 'per year', 'one-time, lifetime access', 'forever' (the free plan: "$0.00 forever") */
  cadence: string;
  /** '10 messages a day' or 'Unlimited messages' */
  allowance: string;
  /** The manual Cash App amount, when it differs from the price: 'Cash App: $15.00' */
  cashApp: string | null;
}

const CADENCE: Record<NonNullable<ChatPlan['billing_cycle']>, string> = {
  monthly: 'per month',
  yearly: 'per year',
  lifetime: 'one-time, lifetime access',
};

const ORDER: ChatPlan['tier'][] = ['Free', 'Starter', 'Pro', 'Gold'];

/** What the pricing page says about each chat plan, in the plans' order (spec section 9: Free, Starter, Pro, Gold). */
export function chatPlanRows(plans: ChatPlan[]): ChatPlanRow[] {
  return plans
    .filter((plan) => ORDER.includes(plan.tier))
    .sort((a, b) => ORDER.indexOf(a.tier) - ORDER.indexOf(b.tier))
    .map((plan) => ({
      tier: plan.tier,
      name: plan.name,
      price: plan.price.display,
      cadence: plan.billing_cycle ? CADENCE[plan.billing_cycle] : 'forever',
      allowance: plan.messages_per_day === null ? 'Unlimited messages' : `${plan.messages_per_day} messages a day`,
      cashApp: plan.cashapp_price && plan.cashapp_price.cents !== plan.price.cents ? `Cash App: ${plan.cashapp_price.display}` : null,
    }));
}
