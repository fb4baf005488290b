import { PAYMENT_PATHS, paymentPath, type CheckoutResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/**
 * POST /api/billing/checkouts/:id/verify: billing asks the provider about the purchase (in case its webhook
 * has not arrived yet) and answers its state and the reader's plan. Only the buyer (or an admin) may ask.
 */
export function verifyCheckout(id: string, signal?: AbortSignal): Promise<CheckoutResponse> {
  return session.request<CheckoutResponse>(paymentPath(PAYMENT_PATHS.verifyCheckout, { id }), { method: 'POST', ...(signal ? { signal } : {}) });
}
