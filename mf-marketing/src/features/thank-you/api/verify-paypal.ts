import { PAYMENT_PATHS, type PaypalVerifyResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/**
 * POST /api/billing/paypal/verify: billing asks PayPal about the subscription and grants the plan once PayPal
 * says it is ACTIVE, with one of our plans, for the signed-in account.
 */
export function verifyPaypalSubscription(subscriptionId: string): Promise<PaypalVerifyResponse> {
  return session.request<PaypalVerifyResponse>(PAYMENT_PATHS.paypalVerify, { method: 'POST', body: { subscription_id: subscriptionId } });
}
