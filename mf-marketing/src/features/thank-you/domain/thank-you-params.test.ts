import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METHOD,
  DEFAULT_TIER,
  formatUsd,
  methodLabel,
  parseAmount,
  parseThankYouParams,
  purchaseReference,
  tierLabel,
} from './thank-you-params.ts';

const defaults = { method: DEFAULT_METHOD, tier: DEFAULT_TIER, amount: null, subscriptionId: null, transactionId: null };

describe('parseThankYouParams', () => {
  it('reads the return link of a PayPal subscription', () => {
    expect(parseThankYouParams('?method=paypal&tier=monthly&amount=9.99&subscription_id=I-BW452GLLEP1G')).toEqual({
      method: 'paypal',
      tier: 'monthly',
      amount: 9.99,
      subscriptionId: 'I-BW452GLLEP1G',
      transactionId: null,
    });
  });

  it('falls back to method unknown and tier subscription when nothing is given', () => {
    expect(parseThankYouParams('')).toEqual(defaults);
    expect(parseThankYouParams('?')).toEqual(defaults);
    expect(parseThankYouParams('?method=&tier=&amount=')).toEqual(defaults);
  });

  it('accepts URLSearchParams and ignores case and surrounding spaces in tokens', () => {
    expect(parseThankYouParams(new URLSearchParams({ method: ' PayPal ', tier: 'ANNUAL' }))).toMatchObject({ method: 'paypal', tier: 'annual' });
  });

  it('treats a parameter repeated with different values as absent, and the same value repeated as given', () => {
    expect(parseThankYouParams('?tier=monthly&tier=annual&method=paypal&method=bitcoin')).toEqual(defaults);
    expect(parseThankYouParams('?tier=annual&tier=annual')).toMatchObject({ tier: 'annual' });
    expect(parseThankYouParams('?transaction_id=A1&transaction_id=B2').transactionId).toBeNull();
  });

  it('drops huge values', () => {
    const huge = 'a'.repeat(5000);
    expect(parseThankYouParams(`?method=${huge}&tier=${huge}&amount=${'9'.repeat(400)}&subscription_id=${huge}&transaction_id=${huge}`)).toEqual(defaults);
  });

  it('drops script-bearing and markup values', () => {
    const script = encodeURIComponent('<script>alert(1)</script>');
    const params = parseThankYouParams(
      `?method=${script}&tier=${encodeURIComponent('"><img src=x onerror=alert(1)>')}&amount=${script}&subscription_id=${script}&transaction_id=${encodeURIComponent('javascript:alert(1)')}`,
    );
    expect(params).toEqual(defaults);
  });

  it('keeps provider references to letters, digits, dashes and underscores', () => {
    expect(parseThankYouParams('?transaction_id=9f1c2d3e-aaaa-4bbb-8ccc-0123456789ab').transactionId).toBe('9f1c2d3e-aaaa-4bbb-8ccc-0123456789ab');
    expect(parseThankYouParams('?transaction_id=ABC%20DEF').transactionId).toBeNull();
    expect(parseThankYouParams('?subscription_id=-leading-dash').subscriptionId).toBeNull();
  });
});

describe('parseAmount', () => {
  it.each([
    ['9.99', 9.99],
    ['99.99', 99.99],
    ['15', 15],
    ['0.5', 0.5],
    ['100000', 100000],
  ])('reads %j as %j', (value, amount) => expect(parseAmount(value)).toBe(amount));

  it.each(['', 'abc', '9,99', '$9.99', '-9.99', '+9.99', '1e3', 'NaN', 'Infinity', '0', '0.00', '9.999', '100000.01', '1234567', ' 9.99', '0x10', '9.99abc'])(
    'does not read %j as money',
    (value) => expect(parseAmount(value)).toBeNull(),
  );

  it('is null for a missing amount', () => expect(parseAmount(null)).toBeNull());
});

describe('labels', () => {
  it('names known methods and plans, and echoes nothing it does not know', () => {
    expect(methodLabel('paypal')).toBe('PayPal');
    expect(methodLabel('cashapp')).toBe('Cash App');
    expect(methodLabel('unknown')).toBeNull();
    expect(methodLabel('totally-made-up')).toBeNull();
    expect(tierLabel('monthly')).toBe('Monthly plan');
    expect(tierLabel('annual')).toBe('Annual plan');
    expect(tierLabel('subscription')).toBe('subscription');
    expect(tierLabel('platinum')).toBe('subscription');
  });

  it('formats dollars', () => {
    expect(formatUsd(9.99)).toBe('$9.99');
    expect(formatUsd(15)).toBe('$15.00');
  });

  it('knows a purchase by its transaction id, else its subscription id', () => {
    expect(purchaseReference({ ...defaults, transactionId: 'T1', subscriptionId: 'S1' })).toBe('T1');
    expect(purchaseReference({ ...defaults, subscriptionId: 'S1' })).toBe('S1');
    expect(purchaseReference(defaults)).toBeNull();
  });
});
