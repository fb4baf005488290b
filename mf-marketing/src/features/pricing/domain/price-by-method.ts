// What each paid plan costs by way of paying (issue 28, item 3): the prices the spec lists, from billing's
// catalogue (PayPal: the marketing plans; Bitcoin and Cash App: the decoder plans), and why they differ. Pure.
import type { Money, PlansResponse } from '@keisha/contracts/billing';

export type PayMethod = 'paypal' | 'bitcoin' | 'cashapp';

export interface PriceRow {
  tier: 'monthly' | 'annual';
  name: string;
  /** ' / month' or ' / year'. */
  period: string;
  prices: Record<PayMethod, Money>;
}

export const METHOD_NAMES: Record<PayMethod, string> = { paypal: 'PayPal', bitcoin: 'Bitcoin', cashapp: 'Cash App' };

/** Why the same plan costs differently, in the order PayPal, Bitcoin, Cash App. */
export const WHY_PRICES_DIFFER = [
  'PayPal renews by itself each period and charges its processing fees, which the PayPal price covers.',
  'Bitcoin goes through a crypto checkout that costs us least and needs no one to handle it, so we pass the saving on.',
  'Cash App is matched by a person, by hand, with your account email in the note: that work is in its price.',
] as const;

export function priceRows(catalogue: PlansResponse): PriceRow[] {
  return (['monthly', 'annual'] as const).flatMap((tier) => {
    const marketing = catalogue.marketing.plans.find((plan) => plan.tier === tier);
    const decoder = catalogue.decoder.plans.find((plan) => plan.tier === tier);
    if (!marketing || !decoder) return [];
    return [{ tier, name: marketing.name, period: tier === 'monthly' ? ' / month' : ' / year', prices: { paypal: marketing.price, bitcoin: decoder.bitcoin_price, cashapp: decoder.cashapp_price } }];
  });
}

/** "Pay $7.00 with Bitcoin": what the resumed checkout's button says, priced from the catalogue. */
export function payLabel(catalogue: PlansResponse, tier: 'monthly' | 'annual', method: 'bitcoin' | 'cashapp'): string | null {
  const row = priceRows(catalogue).find((candidate) => candidate.tier === tier);
  return row ? `Pay ${row.prices[method].display} with ${METHOD_NAMES[method]}` : null;
}
