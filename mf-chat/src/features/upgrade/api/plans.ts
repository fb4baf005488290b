import { apiRequest } from '@keisha/contracts';
import { PAYMENT_PATHS, PLANS_PATH, type PaymentOptionsResponse, type PlansResponse } from '@keisha/contracts/billing';

const TIMEOUT_MS = 8000;

/** GET /api/billing/plans: the one plan catalogue (public). */
export function fetchCatalogue(signal?: AbortSignal): Promise<PlansResponse> {
  return apiRequest<PlansResponse>(PLANS_PATH, { signal: withTimeout(signal) });
}

/** GET /api/billing/payment-options: the Cash App tag, and whether Bitcoin goes to the sandbox. */
export function fetchPaymentOptions(signal?: AbortSignal): Promise<PaymentOptionsResponse> {
  return apiRequest<PaymentOptionsResponse>(PAYMENT_PATHS.paymentOptions, { signal: withTimeout(signal) });
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
}
