import type { PaypalVerifyResponse } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { readVerification, readVerificationError, subscriptionToVerify, thankYouLead } from './paypal-verification.ts';
import { parseThankYouParams } from './thank-you-params.ts';

const answer = (verified: boolean, paypal_status: string): PaypalVerifyResponse => ({
  success: true,
  verified,
  paypal_status,
  subscription: null,
  entitlement: { decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false },
});

describe('PayPal verification', () => {
  it('checks only PayPal purchases that carry a subscription id', () => {
    expect(subscriptionToVerify(parseThankYouParams('?method=paypal&subscription_id=I-1'))).toBe('I-1');
    expect(subscriptionToVerify(parseThankYouParams('?method=paypal'))).toBeNull();
    expect(subscriptionToVerify(parseThankYouParams('?method=bitcoin&subscription_id=I-1'))).toBeNull();
    expect(subscriptionToVerify(parseThankYouParams(`?method=paypal&subscription_id=${encodeURIComponent('<x>')}`))).toBeNull();
  });

  it('reads billing answers: verified, still activating, or not ours', () => {
    expect(readVerification(answer(true, 'ACTIVE'))).toBe('verified');
    expect(readVerification(answer(false, 'APPROVED'))).toBe('retry');
    expect(readVerification(answer(false, 'APPROVAL_PENDING'))).toBe('retry');
    expect(readVerification(answer(false, 'ACTIVE'))).toBe('retry');
    expect(readVerification(answer(false, 'CANCELLED'))).toBe('failed');
    expect(readVerification(answer(false, 'SUSPENDED'))).toBe('failed');
  });

  it('asks a reader without a session to sign in, and treats other refusals as failures', () => {
    expect(readVerificationError({ status: 401, code: 'UNAUTHENTICATED' })).toBe('sign-in');
    expect(readVerificationError({ status: 403, code: 'CUSTOM_ID_MISMATCH' })).toBe('failed');
    expect(readVerificationError(new TypeError('Failed to fetch'))).toBe('failed');
  });
});

describe('thankYouLead', () => {
  it('calls a PayPal subscription confirmed only once billing verified it', () => {
    expect(thankYouLead({ status: 'checking' }, 'Monthly plan', 'PayPal')).toBe('Welcome to Keisha. We are confirming your Monthly plan purchase through PayPal now.');
    expect(thankYouLead({ status: 'verified' }, 'Monthly plan', 'PayPal')).toBe(
      'Welcome to Keisha. Your Monthly plan purchase through PayPal is confirmed, and the plan is active on your account.',
    );
    expect(thankYouLead({ status: 'pending' }, 'Annual plan', 'PayPal')).toMatch(/is being activated/);
    expect(thankYouLead({ status: 'failed' }, 'Annual plan', 'PayPal')).toBe('Welcome to Keisha. Your Annual plan purchase through PayPal has not been confirmed yet.');
    expect(thankYouLead({ status: 'sign-in' }, 'Annual plan', 'PayPal')).toMatch(/has not been confirmed yet\.$/);
  });

  it('acknowledges a purchase it has nothing to check with, without naming an unknown method', () => {
    expect(thankYouLead({ status: 'not-needed' }, 'subscription', null)).toBe(
      'Welcome to Keisha. Your subscription purchase has been received, and we are setting it up on your account now. It is usually active within a few minutes.',
    );
  });
});
