import { PAYMENT_PATHS, type PaypalSandboxCreateResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** POST /api/billing/paypal/sandbox/subscriptions: what PayPal's button does, when billing stands in for PayPal. */
export function createPaypalSandboxSubscription(tier: 'monthly' | 'annual'): Promise<PaypalSandboxCreateResponse> {
  return session.request<PaypalSandboxCreateResponse>(PAYMENT_PATHS.paypalSandboxSubscriptions, { method: 'POST', body: { tier } });
}
