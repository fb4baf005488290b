import { PAYMENT_PATHS, paymentPath, type CancelSubscriptionResponse, type SubscriptionStatusResponse, type SubscriptionView } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { useRemoteData, type RemoteDataHandle } from '../../../lib/use-remote-data.ts';

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

/**
 * The account's purchases, loaded once for the page: the plan section lists them and the deletion section names the
 * plans that would end, so a plan cancelled in one is seen in the other.
 */
export function useOwnPurchases(userId: string): RemoteDataHandle<SubscriptionView[]> {
  return useRemoteData(`purchases:${userId}`, (signal) => getOwnPurchases(userId, signal));
}
