import { PAYMENT_PATHS, type CreateSubscriptionRequest, type CreateSubscriptionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** POST /api/bias-payment/create-subscription (spec section 7): billing opens a purchase for the signed-in reader. */
export function createSubscription(body: CreateSubscriptionRequest, signal?: AbortSignal): Promise<CreateSubscriptionResponse> {
  return session.request<CreateSubscriptionResponse>(PAYMENT_PATHS.createSubscription, { method: 'POST', body, ...(signal ? { signal } : {}) });
}
