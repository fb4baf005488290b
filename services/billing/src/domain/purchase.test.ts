import { describe, expect, it } from 'vitest';
import { centsOf, chatPurchase, cycleOfStored, decoderPurchase, dollars, paypalPurchase } from './purchase.ts';

describe('purchases from the catalogue', () => {
  it('prices the decoder paywall by method (spec section 9)', () => {
    expect(decoderPurchase('monthly', 'bitcoin')).toMatchObject({ product: 'decoder', price: { cents: 700 }, cycle: 'monthly' });
    expect(decoderPurchase('monthly', 'cashapp').price.cents).toBe(1499);
    expect(decoderPurchase('annual', 'bitcoin')).toMatchObject({ price: { cents: 6000 }, cycle: 'yearly' });
    expect(decoderPurchase('annual', 'cashapp').price.cents).toBe(9999);
  });

  it('prices PayPal at the marketing prices', () => {
    expect(paypalPurchase('monthly').price.cents).toBe(999);
    expect(paypalPurchase('annual')).toMatchObject({ price: { cents: 9999 }, cycle: 'yearly', method: 'paypal' });
  });

  it('prices the chat plans, Cash App at the manual amounts, Gold for life', () => {
    expect(chatPurchase('Starter', 'bitcoin')).toMatchObject({ price: { cents: 900 }, cycle: 'monthly' });
    expect(chatPurchase('Pro', 'bitcoin')).toMatchObject({ price: { cents: 5900 }, cycle: 'yearly' });
    expect(chatPurchase('Gold', 'bitcoin')).toMatchObject({ price: { cents: 9900 }, cycle: 'lifetime' });
    expect([chatPurchase('Starter', 'cashapp'), chatPurchase('Pro', 'cashapp'), chatPurchase('Gold', 'cashapp')].map((p) => p.price.cents)).toEqual([1500, 7500, 15000]);
  });

  it('knows the cycle of stored purchases, and nothing of free or unknown tiers', () => {
    expect(cycleOfStored('decoder', 'annual')).toBe('yearly');
    expect(cycleOfStored('chat', 'Gold')).toBe('lifetime');
    expect(cycleOfStored('decoder', 'free')).toBeNull();
    expect(cycleOfStored('chat', 'Diamond')).toBeNull();
    expect(cycleOfStored('other', 'monthly')).toBeNull();
  });

  it('converts between cents and the providers’ decimal strings', () => {
    expect(dollars(1499)).toBe(14.99);
    expect(dollars(700)).toBe(7);
    expect(centsOf('7.00')).toBe(700);
    expect(centsOf('7')).toBe(700);
    expect(centsOf('14.9')).toBe(1490);
    expect(centsOf(99.99)).toBe(9999);
    for (const bad of ['-7.00', '7.001', '1e3', '', 'seven', '7,00']) expect(centsOf(bad)).toBeNull();
  });
});
