import { PAYMENT_PATHS, paymentPath, type CancelSubscriptionResponse, type SubscriptionStatusResponse, type SubscriptionView } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** GET /api/bias-payment/subscription/:userId: the account's purchases (billing is the one source of plans). */
export async function getOwnPurchases(userId: string, signal?: AbortSignal): Promise<SubscriptionView[]> {
  const response = await session.request<SubscriptionStatusResponse>(paymentPath(PAYMENT_PATHS.subscription, { userId }), signal ? { signal } : {});
  return response?.subscriptions ?? [];
}

/** POST /api/bias-payment/cancel-subscription for a plan the page shows as renewing: it stops the renewal. */
export function cancelOwnPlan(userId: string, subscriptionId: string): Promise<CancelSubscriptionResponse> {
  return session.request<CancelSubscriptionResponse>(PAYMENT_PATHS.cancelSubscription, {
    method: 'POST',
    body: { user_id: userId, subscription_id: subscriptionId, expected_status: 'active' },
  });
}
