// What a purchase costs and how long it lasts, read from the one catalogue. A price is never
// taken from a request. Pure.
import type { Money } from '@keisha/contracts/billing';
import { catalogue } from './catalogue.ts';
import type { BillingCycle } from './period.ts';

export type Product = 'decoder' | 'chat';
export type DecoderPaidTier = 'monthly' | 'annual';
export type ChatPaidTier = 'Starter' | 'Pro' | 'Gold';
export type PurchaseMethod = 'bitcoin' | 'cashapp' | 'paypal';

export interface Purchase {
  product: Product;
  tier: DecoderPaidTier | ChatPaidTier;
  method: PurchaseMethod;
  price: Money;
  cycle: BillingCycle;
  /** 'Keisha Decoder Monthly' */
  title: string;
}

const plans = catalogue();

function cycleOf(billingCycle: string | null): BillingCycle {
  if (billingCycle === 'monthly') return 'monthly';
  if (billingCycle === 'yearly') return 'yearly';
  if (billingCycle === 'lifetime') return 'lifetime';
  throw new Error(`Not a paid billing cycle: ${billingCycle}`);
}

/** Decoder paywall (spec section 9): Bitcoin and Cash App prices differ. */
export function decoderPurchase(tier: DecoderPaidTier, method: 'bitcoin' | 'cashapp'): Purchase {
  const plan = plans.decoder.plans.find((p) => p.tier === tier)!;
  return {
    product: 'decoder',
    tier,
    method,
    price: method === 'bitcoin' ? plan.bitcoin_price : plan.cashapp_price,
    cycle: cycleOf(plan.billing_cycle),
    title: `Keisha Decoder ${plan.name}`,
  };
}

/** Marketing pricing page (PayPal subscriptions): the decoder tiers at the marketing prices. */
export function paypalPurchase(tier: DecoderPaidTier): Purchase {
  const plan = plans.marketing.plans.find((p) => p.tier === tier)!;
  return { product: 'decoder', tier, method: 'paypal', price: plan.price, cycle: cycleOf(plan.billing_cycle), title: `Keisha Decoder ${plan.name}` };
}

/** Chat upgrade: Bitcoin at the plan price, Cash App at the manual amounts. */
export function chatPurchase(tier: ChatPaidTier, method: 'bitcoin' | 'cashapp'): Purchase {
  const plan = plans.chat.plans.find((p) => p.tier === tier)!;
  const price = method === 'cashapp' ? plan.cashapp_price : plan.price;
  if (!price) throw new Error(`No ${method} price for ${tier}`);
  return { product: 'chat', tier, method, price, cycle: cycleOf(plan.billing_cycle), title: `Keisha Chat ${plan.name}` };
}

/** The billing cycle of a stored purchase (null when the product or tier is unknown). */
export function cycleOfStored(product: string, tier: string): BillingCycle | null {
  if (product === 'decoder') {
    const plan = plans.decoder.plans.find((p) => p.tier === tier);
    return plan && plan.tier !== 'free' ? cycleOf(plan.billing_cycle) : null;
  }
  if (product === 'chat') {
    const plan = plans.chat.plans.find((p) => p.tier === tier);
    return plan && plan.tier !== 'Free' ? cycleOf(plan.billing_cycle) : null;
  }
  return null;
}

/** Dollars as the spec shows them: 700 -> 7, 1499 -> 14.99. */
export function dollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** A provider's decimal amount string ('7.00', '7', '14.99') in cents, or null. */
export function centsOf(amount: string | number): number | null {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
