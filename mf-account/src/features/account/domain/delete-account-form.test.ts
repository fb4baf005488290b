import { ApiError } from '@keisha/contracts';
import type { SubscriptionView } from '@keisha/contracts/billing';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/error-message.ts';
import { DELETE_ACCOUNT_MESSAGES, deleteAccountErrorField, deleteAccountErrorMessage, planEndingWarning, validateDeleteAccount } from './delete-account-form.ts';

let next = 0;
const purchase = (over: Partial<SubscriptionView>): SubscriptionView => ({
  id: `p${++next}`,
  user_id: 'u',
  product: 'decoder',
  tier: 'monthly',
  status: 'active',
  provider: 'paypal',
  payment_method: 'paypal',
  amount: 9.99,
  currency: 'USD',
  current_period_end: '2026-12-28T12:00:00.000Z',
  lifetime: false,
  grants_access: true,
  failure_reason: null,
  activated_at: '2026-11-28T12:00:00.000Z',
  cancelled_at: null,
  created_at: '2026-11-28T12:00:00.000Z',
  updated_at: '2026-11-28T12:00:00.000Z',
  ...over,
});

describe('planEndingWarning', () => {
  it('names every plan still running, a cancelled one that runs to its end and a lifetime one included', () => {
    const plans = [
      purchase({ tier: 'annual' }),
      purchase({ status: 'cancelled', cancelled_at: '2026-11-29T12:00:00.000Z' }),
      purchase({ product: 'chat', tier: 'Gold', lifetime: true, current_period_end: null }),
    ];
    expect(planEndingWarning(plans)).toBe(
      'Your News Decoder Annual, News Decoder Monthly and Chat Gold plans end now with your account: they will not renew, and nothing is refunded for the time left.',
    );
  });

  it('says nothing without a running plan, and speaks in general when billing could not say', () => {
    expect(planEndingWarning([])).toBeNull();
    expect(planEndingWarning([purchase({ status: 'expired', grants_access: false })])).toBeNull();
    expect(planEndingWarning(null)).toBe(DELETE_ACCOUNT_MESSAGES.planUnknown);
  });

  it('names a plan bought twice once', () => {
    expect(planEndingWarning([purchase({}), purchase({})])).toMatch(/^Your News Decoder Monthly plan ends now/);
  });
});

describe('the form', () => {
  it('asks for the password', () => {
    expect(validateDeleteAccount({ password: '' })).toEqual({ password: 'Password is required' });
    expect(validateDeleteAccount({ password: ' x ' })).toEqual({});
  });

  it('puts a wrong password on the field, and any other refusal on the form', () => {
    const wrong = new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    expect(deleteAccountErrorField(wrong)).toBe('password');
    expect(deleteAccountErrorMessage(wrong)).toBe(DELETE_ACCOUNT_MESSAGES.passwordWrong);
    const admin = new ApiError(409, 'ADMIN_ACCOUNT', 'An administrator’s account cannot be deleted here.');
    expect(deleteAccountErrorField(admin)).toBeUndefined();
    expect(deleteAccountErrorMessage(admin)).toBe('An administrator’s account cannot be deleted here.');
    expect(deleteAccountErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'fetch failed'))).toBe(NETWORK_ERROR_MESSAGE);
    expect(deleteAccountErrorMessage(new ApiError(503, 'HTTP_ERROR', 'Service Unavailable'))).toBe(DELETE_ACCOUNT_MESSAGES.failed);
  });
});
