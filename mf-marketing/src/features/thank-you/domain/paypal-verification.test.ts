import type { PaypalVerifyResponse } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { readVerification, readVerificationError, subscriptionToVerify } from './paypal-verification.ts';
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
