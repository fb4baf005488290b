import type { DecoderPlan, MarketingPlan, Money, PlansResponse } from '@keisha/contracts/billing';

// The three tiers of /pricing (Free, Monthly, Annual), built from billing's catalogue: the marketing plans
// give the PayPal prices, the decoder plans of the same tier give the feature list. No price is written here.

export type TierId = MarketingPlan['tier'];
export const TIER_ORDER: readonly TierId[] = ['free', 'monthly', 'annual'];

export interface PricingTier {
  tier: TierId;
  name: string;
  /** '$9.99', or '$0' for the free tier. */
  price: string;
  /** The amount as PayPal and the thank-you page read it: '9.99'. */
  amount: string;
  /** ' / month', ' / year', or '' for the free tier. */
  period: string;
  /** '10 analyses a day', 'Unlimited analyses', ... */
  allowance: string;
  features: string[];
  /** For the annual tier: '$19.89' saved against a year of monthly payments. */
  saving: string | null;
  /** Paid tiers are bought with a PayPal subscription. */
  paid: boolean;
}

export function priceLabel(price: Money): string {
  return price.cents === 0 ? '$0' : price.display;
}

/** '9.99': what the PayPal return link and the analytics events carry as the amount. */
export function amountOf(price: Money): string {
  return (price.cents / 100).toFixed(2);
}

function periodOf(plan: MarketingPlan): string {
  if (plan.billing_cycle === 'monthly') return ' / month';
  if (plan.billing_cycle === 'yearly') return ' / year';
  return '';
}

export function allowanceOf(usageLimit: number | null): string {
  if (usageLimit === null) return 'Unlimited analyses';
  return `${usageLimit} ${usageLimit === 1 ? 'analysis' : 'analyses'} a day`;
}

/** Every tier gets the full analysis: the pricing card says so once, in its own words. */
export const FULL_ANALYSIS_FEATURE = 'Bias score, decoded terms and the Keisha translation';

/** The decoder plan's features, without the lines the card already shows (the allowance, the full analysis). */
function featuresOf(decoderPlan: DecoderPlan | undefined): string[] {
  return (decoderPlan?.features ?? []).filter((feature) => !/\banalys[ie]s\b/i.test(feature) && !/^bias score\b/i.test(feature));
}

/** The tiers in the order Free, Monthly, Annual; a tier missing from the catalogue is left out. */
export function pricingTiers(catalogue: PlansResponse): PricingTier[] {
  const marketing = catalogue.marketing.plans;
  return TIER_ORDER.flatMap((tier) => {
    const plan = marketing.find((candidate) => candidate.tier === tier);
    if (!plan) return [];
    const decoderPlan = catalogue.decoder.plans.find((candidate) => candidate.tier === tier);
    const saving = tier === 'annual' && catalogue.marketing.annual_saving.cents > 0 ? catalogue.marketing.annual_saving.display : null;
    return [
      {
        tier,
        name: plan.name,
        price: priceLabel(plan.price),
        amount: amountOf(plan.price),
        period: periodOf(plan),
        allowance: allowanceOf(plan.usage_limit),
        features: featuresOf(decoderPlan),
        saving,
        paid: plan.price.cents > 0,
      },
    ];
  });
}
