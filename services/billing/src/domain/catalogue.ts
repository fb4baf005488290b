// The one plan catalogue (spec section 9). Every price the product shows comes from here.
import type { ChatPlan, DecoderPlan, MarketingPlan, Money, PlansResponse, Savings } from '@keisha/contracts/billing';

export function usd(cents: number): Money {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`Not an amount in cents: ${cents}`);
  return { cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` };
}

/** What a year of the monthly price costs beyond the annual price, and as a rounded share of it. */
export function annualSavings(monthly: Money, annual: Money): Savings {
  const yearOfMonthly = monthly.cents * 12;
  const saved = Math.max(0, yearOfMonthly - annual.cents);
  return { amount: usd(saved), percent: yearOfMonthly === 0 ? 0 : Math.round((saved / yearOfMonthly) * 100) };
}

const MARKETING: MarketingPlan[] = [
  { tier: 'free', name: 'Free', price: usd(0), billing_cycle: null, usage_limit: 3 },
  { tier: 'monthly', name: 'Monthly', price: usd(999), billing_cycle: 'monthly', usage_limit: 10 },
  { tier: 'annual', name: 'Annual', price: usd(9999), billing_cycle: 'yearly', usage_limit: null },
];

const DECODER: DecoderPlan[] = [
  {
    tier: 'free',
    name: 'Free',
    usage_limit: 3,
    billing_cycle: 'daily',
    bitcoin_price: usd(0),
    cashapp_price: usd(0),
    features: ['3 analyses per day', 'Bias score, coded language and Keisha translation'],
  },
  {
    tier: 'monthly',
    name: 'Monthly',
    usage_limit: 10,
    billing_cycle: 'monthly',
    bitcoin_price: usd(700),
    cashapp_price: usd(1499),
    features: ['10 analyses per day', 'Advanced detection', 'Priority support', 'Daily newsletter'],
  },
  {
    tier: 'annual',
    name: 'Annual',
    usage_limit: null,
    billing_cycle: 'yearly',
    bitcoin_price: usd(6000),
    cashapp_price: usd(9999),
    // Everything Monthly gives, listed again (a reader comparing cards saw no advanced detection or newsletter on
    // the Annual), and the API. Export is not sold: every reader can export an analysis (the FAQ says so).
    features: ['Unlimited analyses', 'Advanced detection', 'Priority support', 'Daily newsletter', 'API access for your own tools'],
  },
];

const CHAT: ChatPlan[] = [
  { tier: 'Free', name: 'Free', price: usd(0), cashapp_price: null, billing_cycle: null, messages_per_day: 10 },
  { tier: 'Starter', name: 'Starter', price: usd(900), cashapp_price: usd(1500), billing_cycle: 'monthly', messages_per_day: null },
  { tier: 'Pro', name: 'Pro', price: usd(5900), cashapp_price: usd(7500), billing_cycle: 'yearly', messages_per_day: null },
  { tier: 'Gold', name: 'Gold', price: usd(9900), cashapp_price: usd(15000), billing_cycle: 'lifetime', messages_per_day: null },
];

export function catalogue(): PlansResponse {
  const plan = <T extends { tier: string }>(plans: T[], tier: string) => plans.find((p) => p.tier === tier)!;
  const monthly = plan(DECODER, 'monthly');
  const annual = plan(DECODER, 'annual');
  return {
    success: true,
    marketing: {
      plans: MARKETING,
      annual_saving: annualSavings(plan(MARKETING, 'monthly').price, plan(MARKETING, 'annual').price).amount,
    },
    decoder: {
      plans: DECODER,
      annual_savings: {
        bitcoin: annualSavings(monthly.bitcoin_price, annual.bitcoin_price),
        cashapp: annualSavings(monthly.cashapp_price, annual.cashapp_price),
      },
    },
    chat: { plans: CHAT },
  };
}
