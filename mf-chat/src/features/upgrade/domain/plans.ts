// The chat plans as Settings and the checkout show them (spec section 2: Free, Starter, Pro, Gold).
// Every price is read from billing's catalogue (GET /api/billing/plans); none is written here.
import type { ChatPlan, Money } from '@keisha/contracts/billing';
import type { ChatTier } from '@keisha/contracts/chat';

export interface ChatPlanCard {
  tier: ChatTier;
  name: string;
  /** '$9', '$59', '$0'. */
  price: string;
  /** 'per month', 'per year', 'one-time'; null for Free. */
  cadence: string | null;
  /** '10 messages a day' or 'Unlimited messages'. */
  messages: string;
  /** The manual Cash App amount (spec section 9), e.g. '$15'; null for Free. */
  cashAppPrice: string | null;
  lifetime: boolean;
}

const ORDER: readonly ChatTier[] = ['Free', 'Starter', 'Pro', 'Gold'];
const CADENCE = { monthly: 'per month', yearly: 'per year', lifetime: 'one-time' } as const;

/** Dollars as the spec writes them: whole amounts without cents ('$9'), others with ('$14.99'). */
export function formatMoney(money: Pick<Money, 'cents'>): string {
  const cents = money.cents;
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

function isMoney(value: unknown): value is Money {
  return typeof value === 'object' && value !== null && Number.isInteger((value as Money).cents) && (value as Money).cents >= 0;
}

function cardOf(plan: ChatPlan): ChatPlanCard {
  const cycle = plan.billing_cycle && plan.billing_cycle in CADENCE ? plan.billing_cycle : null;
  return {
    tier: plan.tier,
    name: typeof plan.name === 'string' && plan.name.trim() ? plan.name : plan.tier,
    price: formatMoney(plan.price),
    cadence: cycle ? CADENCE[cycle] : null,
    messages: typeof plan.messages_per_day === 'number' ? `${plan.messages_per_day} messages a day` : 'Unlimited messages',
    cashAppPrice: isMoney(plan.cashapp_price) && plan.tier !== 'Free' ? formatMoney(plan.cashapp_price) : null,
    lifetime: cycle === 'lifetime',
  };
}

/** The four chat plans from the catalogue's answer, in order; null when the answer does not hold them all. */
export function chatPlanCards(response: unknown): ChatPlanCard[] | null {
  const plans = (response as { chat?: { plans?: unknown } } | null)?.chat?.plans;
  if (!Array.isArray(plans)) return null;
  const cards: ChatPlanCard[] = [];
  for (const tier of ORDER) {
    const plan = plans.find((p): p is ChatPlan => typeof p === 'object' && p !== null && (p as ChatPlan).tier === tier);
    if (!plan || !isMoney(plan.price)) return null;
    cards.push(cardOf(plan));
  }
  return cards;
}

/** The price as one phrase: '$9 per month', '$99 one-time', '$0'. */
export function priceLine(card: ChatPlanCard): string {
  return card.cadence ? `${card.price} ${card.cadence}` : card.price;
}
