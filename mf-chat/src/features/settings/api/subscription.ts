import { PAYMENT_PATHS, paymentPath, type CancelSubscriptionResponse, type SubscriptionStatusResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** GET /api/bias-payment/subscription/:userId: every purchase of the account, newest first. */
export function fetchSubscriptions(userId: string, signal?: AbortSignal): Promise<SubscriptionStatusResponse> {
  return session.request<SubscriptionStatusResponse>(paymentPath(PAYMENT_PATHS.subscription, { userId }), signal ? { signal } : {});
}

/** POST /api/bias-payment/cancel-subscription for the plan the page shows as renewing (spec section 7). */
export function cancelPlan(userId: string, subscriptionId: string): Promise<CancelSubscriptionResponse> {
  return session.request<CancelSubscriptionResponse>(PAYMENT_PATHS.cancelSubscription, {
    method: 'POST',
    body: { user_id: userId, subscription_id: subscriptionId, expected_status: 'active' },
  });
}
