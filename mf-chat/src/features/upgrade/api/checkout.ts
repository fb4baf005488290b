import { PAYMENT_PATHS, paymentPath, type CheckoutResponse, type CreateCheckoutSessionResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';
import { checkoutRequest } from '../domain/checkout.ts';

/** POST /api/create-checkout-session (spec section 7): the crypto checkout of a chat plan. */
export function createCheckout(email: string, tier: 'Starter' | 'Pro' | 'Gold'): Promise<CreateCheckoutSessionResponse> {
  return session.request<CreateCheckoutSessionResponse>(PAYMENT_PATHS.createCheckoutSession, { method: 'POST', body: checkoutRequest(email, tier) });
}

/** POST /api/billing/checkouts/:id/verify: billing asks the provider, then says where the purchase stands. */
export function verifyCheckout(id: string, signal?: AbortSignal): Promise<CheckoutResponse> {
  return session.request<CheckoutResponse>(paymentPath(PAYMENT_PATHS.verifyCheckout, { id }), { method: 'POST', body: {}, ...(signal ? { signal } : {}) });
}
