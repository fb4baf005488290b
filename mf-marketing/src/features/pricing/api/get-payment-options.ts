import { apiRequest } from '@keisha/contracts';
import { PAYMENT_PATHS, type PaymentOptionsResponse } from '@keisha/contracts/billing';

/** GET /api/billing/payment-options: which providers billing runs, with PayPal's client id and plan ids. */
export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptionsResponse> {
  return apiRequest<PaymentOptionsResponse>(PAYMENT_PATHS.paymentOptions, signal ? { signal } : {});
}
