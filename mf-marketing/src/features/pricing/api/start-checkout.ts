import { PAYMENT_PATHS, type CreateSubscriptionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/**
 * POST /api/bias-payment/create-subscription (spec section 7) for the signed-in reader: the checkout the
 * decoder's paywall would have opened, returning to the decoder's payment pages.
 */
export function startCheckout(userId: string, tier: 'monthly' | 'annual', method: 'bitcoin' | 'cashapp'): Promise<CreateSubscriptionResponse> {
  return session.request<CreateSubscriptionResponse>(PAYMENT_PATHS.createSubscription, {
    method: 'POST',
    body: { user_id: userId, tier, payment_method: method, return_url: '/payment/success', cancel_url: '/payment/cancel' },
  });
}
