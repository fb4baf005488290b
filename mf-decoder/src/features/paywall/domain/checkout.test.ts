import { describe, expect, it } from 'vitest';
import { cashAppLink, isGuestRefusal, manualPaymentOf, nextCheckoutStep, safePaymentUrl, subscriptionRequest } from './checkout.ts';

const ID = '44444444-4444-4444-8444-444444444444';
const bitcoinChoice = { plan: 'monthly' as const, method: 'bitcoin' as const, userType: 'free' };
const cashChoice = { plan: 'annual' as const, method: 'cashapp' as const, userType: 'free' };

const instructions = {
  cashtag: '$KeishaAI',
  amount: { cents: 9999, currency: 'USD', display: '$99.99' },
  note: 'reader@example.org',
  message: 'Send $99.99 with Cash App to $KeishaAI and write your account email (reader@example.org) in the note. We match the payment and update your account within 1 hour.',
};

describe('subscriptionRequest', () => {
  it("is the spec's body, returning to the decoder's payment pages", () => {
    expect(subscriptionRequest('u-1', { plan: 'annual', method: 'cashapp' })).toEqual({
      user_id: 'u-1',
      tier: 'annual',
      payment_method: 'cashapp',
      return_url: '/payment/success',
      cancel_url: '/payment/cancel',
    });
  });
});

describe('safePaymentUrl', () => {
  it('keeps paths of this site and http(s) addresses', () => {
    expect(safePaymentUrl(`/api/billing/sandbox/checkout/${ID}`)).toBe(`/api/billing/sandbox/checkout/${ID}`);
    expect(safePaymentUrl('https://commerce.coinbase.com/pay/ABC')).toBe('https://commerce.coinbase.com/pay/ABC');
    expect(safePaymentUrl(' http://127.0.0.1:9/pay ')).toBe('http://127.0.0.1:9/pay');
  });

  it('drops anything a browser should not be sent to', () => {
    for (const bad of [undefined, null, 42, '', '   ', 'javascript:alert(1)', 'data:text/html,<script>', '//evil.example/pay', '/\\evil.example', 'pay-here', `/${'a'.repeat(3000)}`]) {
      expect(safePaymentUrl(bad)).toBeNull();
    }
  });
});

describe('manualPaymentOf', () => {
  it("reads billing's Cash App instructions, with a payment link for a known tag", () => {
    expect(manualPaymentOf({ subscription_id: ID, instructions })).toEqual({
      subscriptionId: ID,
      amount: '$99.99',
      cashtag: '$KeishaAI',
      note: 'reader@example.org',
      message: instructions.message,
      cashAppLink: 'https://cash.app/$KeishaAI/99.99',
    });
  });

  it('has no tag and no link when none is configured, or the tag is not one', () => {
    expect(manualPaymentOf({ subscription_id: ID, instructions: { ...instructions, cashtag: null } })).toMatchObject({ cashtag: null, cashAppLink: null });
    expect(manualPaymentOf({ subscription_id: ID, instructions: { ...instructions, cashtag: '$a/../../x' } })).toMatchObject({ cashtag: null, cashAppLink: null });
  });

  it('is null without the amount, the note, the message or the id', () => {
    expect(manualPaymentOf({ subscription_id: ID, instructions: null })).toBeNull();
    expect(manualPaymentOf({ subscription_id: ID, instructions: { ...instructions, note: '' } })).toBeNull();
    expect(manualPaymentOf({ subscription_id: ID, instructions: { ...instructions, message: 5 } })).toBeNull();
    expect(manualPaymentOf({ subscription_id: ID, instructions: { ...instructions, amount: {} } })).toBeNull();
    expect(manualPaymentOf({ instructions })).toBeNull();
    expect(manualPaymentOf(null)).toBeNull();
  });
});

describe('cashAppLink', () => {
  it('fills the amount in dollars when it is known', () => {
    expect(cashAppLink('$Tag', 1499)).toBe('https://cash.app/$Tag/14.99');
    expect(cashAppLink('$Tag', null)).toBe('https://cash.app/$Tag');
    expect(cashAppLink(null, 1499)).toBeNull();
  });
});

describe('nextCheckoutStep', () => {
  it("leaves for the provider's page on a Bitcoin purchase", () => {
    expect(nextCheckoutStep({ payment_url: `/api/billing/sandbox/checkout/${ID}` }, bitcoinChoice)).toEqual({ kind: 'leave', url: `/api/billing/sandbox/checkout/${ID}` });
  });

  it('shows the instructions of a Cash App purchase, or its page when the instructions are unusable', () => {
    expect(nextCheckoutStep({ subscription_id: ID, payment_url: `/api/billing/cashapp/${ID}`, instructions }, cashChoice)).toMatchObject({ kind: 'manual' });
    expect(nextCheckoutStep({ subscription_id: ID, payment_url: `/api/billing/cashapp/${ID}`, instructions: null }, cashChoice)).toEqual({ kind: 'leave', url: `/api/billing/cashapp/${ID}` });
  });

  it('goes to /pricing with the spec parameters when there is no usable payment_url', () => {
    const pricing = '/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=free';
    expect(nextCheckoutStep({}, bitcoinChoice)).toEqual({ kind: 'pricing', url: pricing });
    expect(nextCheckoutStep({ payment_url: 'javascript:alert(1)' }, bitcoinChoice)).toEqual({ kind: 'pricing', url: pricing });
    expect(nextCheckoutStep(null, bitcoinChoice)).toEqual({ kind: 'pricing', url: pricing });
    expect(nextCheckoutStep({}, cashChoice)).toEqual({ kind: 'pricing', url: '/pricing?plan=annual&source=paywall&payment=cashapp&user_type=free' });
  });
});

describe('isGuestRefusal', () => {
  it('is a 401 only', () => {
    expect(isGuestRefusal({ status: 401 })).toBe(true);
    expect(isGuestRefusal({ status: 403 })).toBe(false);
    expect(isGuestRefusal(new Error('x'))).toBe(false);
    expect(isGuestRefusal(null)).toBe(false);
  });
});
