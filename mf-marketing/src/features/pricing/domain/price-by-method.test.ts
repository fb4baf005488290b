import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '../test/catalogue-fixture.ts';
import { parsePaywallReferral } from './paywall-referral.ts';
import { payLabel, priceRows, WHY_PRICES_DIFFER } from './price-by-method.ts';

describe('prices by way of paying', () => {
  it('takes PayPal from the marketing plans and Bitcoin and Cash App from the decoder plans', () => {
    const rows = priceRows(catalogueFixture());
    expect(rows.map((row) => [row.name, row.prices.paypal.display, row.prices.bitcoin.display, row.prices.cashapp.display])).toEqual([
      ['Monthly', '$12.34', '$7.00', '$14.99'],
      ['Annual', '$120.00', '$60.00', '$99.99'],
    ]);
    expect(WHY_PRICES_DIFFER).toHaveLength(3);
  });

  it('labels the resumed checkout with the price of that way of paying', () => {
    expect(payLabel(catalogueFixture(), 'monthly', 'bitcoin')).toBe('Pay $7.00 with Bitcoin');
    expect(payLabel(catalogueFixture(), 'annual', 'cashapp')).toBe('Pay $99.99 with Cash App');
  });

  it('keeps the plan and the way to pay of the paywall link, and nothing else', () => {
    expect(parsePaywallReferral('?plan=monthly&source=paywall&payment=bitcoin&user_type=guest')).toEqual({ plan: 'monthly', payment: 'bitcoin', guest: true });
    expect(parsePaywallReferral('?plan=annual&source=paywall&payment=paypal')).toEqual({ plan: 'annual', payment: null, guest: false });
    expect(parsePaywallReferral('?plan=monthly&payment=bitcoin')).toBeNull();
  });
});
