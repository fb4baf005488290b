import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '../test/catalogue-fixture.ts';
import { parsePaywallReferral } from './paywall-referral.ts';
import { allowanceOf, amountOf, pricingTiers } from './pricing-tiers.ts';
import { paypalSdkUrl, paypalSettingsFrom, thankYouLink } from './paypal.ts';

describe('pricingTiers', () => {
  it('builds Free, Monthly and Annual from the catalogue, prices included', () => {
    const tiers = pricingTiers(catalogueFixture());
    expect(tiers.map((t) => [t.tier, t.name, t.price, t.period, t.amount, t.allowance, t.paid, t.saving])).toEqual([
      ['free', 'Free', '$0', '', '0.00', '3 analyses a day', false, null],
      ['monthly', 'Monthly', '$12.34', ' / month', '12.34', '10 analyses a day', true, null],
      ['annual', 'Annual', '$120.00', ' / year', '120.00', 'Unlimited analyses', true, '$28.08'],
    ]);
  });

  it("takes each tier's features from the decoder plan, without repeating the allowance", () => {
    const [, monthly, annual] = pricingTiers(catalogueFixture());
    expect(monthly!.features).toEqual(['Advanced detection', 'Priority support', 'Daily newsletter']);
    expect(annual!.features).toEqual(['Advanced detection', 'Priority support', 'Daily newsletter', 'API access for your own tools']);
  });

  it('orders tiers Free, Monthly, Annual whatever the catalogue order, and leaves out missing ones', () => {
    const catalogue = catalogueFixture();
    catalogue.marketing.plans = [catalogue.marketing.plans[2]!, catalogue.marketing.plans[0]!];
    expect(pricingTiers(catalogue).map((t) => t.tier)).toEqual(['free', 'annual']);
  });

  it('formats amounts and allowances', () => {
    expect(amountOf({ cents: 999, currency: 'USD', display: '$9.99' })).toBe('9.99');
    expect(allowanceOf(1)).toBe('1 analysis a day');
    expect(allowanceOf(null)).toBe('Unlimited analyses');
  });
});

describe('PayPal links', () => {
  it('asks the SDK for subscription buttons with the client id, encoded', () => {
    const url = new URL(paypalSdkUrl('abc&evil=1'));
    expect(url.origin).toBe('https://www.paypal.com');
    expect(url.searchParams.get('client-id')).toBe('abc&evil=1');
    expect(url.searchParams.get('intent')).toBe('subscription');
    expect(url.searchParams.get('vault')).toBe('true');
  });

  it('returns to /thank-you with method, tier, amount and subscription id', () => {
    expect(thankYouLink('monthly', '9.99', 'I-123')).toBe('/thank-you?method=paypal&tier=monthly&amount=9.99&subscription_id=I-123');
    expect(thankYouLink('annual', '99.99', null)).toBe('/thank-you?method=paypal&tier=annual&amount=99.99');
  });
});

describe('paypalSettingsFrom', () => {
  it("reads PayPal's client id and plan ids from billing's payment options", () => {
    expect(paypalSettingsFrom({ success: true, paypal: { client_id: 'AbC-1_x', plans: { monthly: 'P-1', annual: 'P-2' } } })).toEqual({
      clientId: 'AbC-1_x',
      planIds: { monthly: 'P-1', annual: 'P-2' },
      sandbox: false,
    });
  });

  it('is null without PayPal, and drops ids that are not ids', () => {
    expect(paypalSettingsFrom({ success: true, paypal: null })).toBeNull();
    expect(paypalSettingsFrom({ paypal: { client_id: '' } })).toBeNull();
    expect(paypalSettingsFrom({ paypal: { client_id: 'x"><script>' } })).toBeNull();
    expect(paypalSettingsFrom(null)).toBeNull();
    expect(paypalSettingsFrom({ paypal: { client_id: 'ok', plans: { monthly: 'P 1', annual: 7 } } })).toEqual({ clientId: 'ok', planIds: { monthly: undefined, annual: undefined }, sandbox: false });
  });
});

describe('parsePaywallReferral', () => {
  it("reads the decoder paywall's redirect", () => {
    expect(parsePaywallReferral('?plan=annual&source=paywall&payment=bitcoin&user_type=guest')).toEqual({ plan: 'annual', payment: 'bitcoin', guest: true });
    expect(parsePaywallReferral('?plan=monthly&source=paywall&user_type=free')).toEqual({ plan: 'monthly', payment: null, guest: false });
    expect(parsePaywallReferral('?plan=<script>&source=paywall')).toEqual({ plan: null, payment: null, guest: false });
    expect(parsePaywallReferral('?plan=annual')).toBeNull();
  });
});
