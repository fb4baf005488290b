import { ApiError } from '@keisha/contracts';
import { CHECKOUT_MESSAGES } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/network-message.ts';
import { checkoutDestination, checkoutProblem, checkoutRequest, purchaseState } from './checkout.ts';

describe('checkoutRequest', () => {
  it('asks for a Bitcoin checkout of the plan, returning to the chat’s own pages', () => {
    expect(checkoutRequest('a@b.org', 'Pro')).toEqual({
      email: 'a@b.org',
      tier: 'Pro',
      success_url: '/payment-success',
      cancel_url: '/payment-cancelled?plan=Pro',
      payment_method: 'bitcoin',
    });
  });
});

describe('checkoutProblem', () => {
  it('uses the spec’s messages', () => {
    expect(checkoutProblem(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(checkoutProblem(new ApiError(400, 'VALIDATION', CHECKOUT_MESSAGES.emailMissing))).toBe(CHECKOUT_MESSAGES.emailMissing);
    expect(checkoutProblem(new ApiError(502, 'PAYMENT_FAILED', CHECKOUT_MESSAGES.failed))).toBe(CHECKOUT_MESSAGES.failed);
    expect(checkoutProblem(new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'))).toBe(CHECKOUT_MESSAGES.failed);
    expect(checkoutProblem(new TypeError('x'))).toBe(CHECKOUT_MESSAGES.failed);
  });

  it('says why billing refused a plan the reader already has (409 PLAN_ALREADY_COVERED), not that the checkout failed', () => {
    const why = 'You already have Chat Gold for life, which includes everything Chat Pro gives. Buying it would add nothing, so you have not been charged.';
    expect(checkoutProblem(new ApiError(409, 'PLAN_ALREADY_COVERED', why))).toBe(why);
  });
});

describe('checkoutDestination', () => {
  it('goes to a same-site path or an https provider page, nowhere else', () => {
    expect(checkoutDestination('/api/billing/sandbox/checkout/1')).toBe('/api/billing/sandbox/checkout/1');
    expect(checkoutDestination('https://commerce.coinbase.com/charges/X')).toBe('https://commerce.coinbase.com/charges/X');
    for (const bad of ['//evil.example/x', 'javascript:alert(1)', 'http://plain.example', '', null, 7]) expect(checkoutDestination(bad)).toBeNull();
  });
});

describe('purchaseState', () => {
  it('reads billing’s view of the purchase', () => {
    expect(purchaseState({ status: 'active', grants_access: true })).toBe('active');
    expect(purchaseState({ status: 'pending', grants_access: false })).toBe('pending');
    expect(purchaseState({ status: 'failed', grants_access: false })).toBe('unpaid');
    expect(purchaseState(null)).toBe('pending');
  });
});
