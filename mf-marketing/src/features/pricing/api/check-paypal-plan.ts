import { PAYMENT_PATHS, type PaypalCheckResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/**
 * POST /api/billing/paypal/check: would this plan add anything for the signed-in reader? Resolves when it would;
 * rejects with billing's PLAN_ALREADY_COVERED (read it with `alreadyCoveredMessage`) when the reader's plan already
 * gives it, or with any other failure.
 */
export function checkPaypalPlan(tier: 'monthly' | 'annual'): Promise<PaypalCheckResponse> {
  return session.request<PaypalCheckResponse>(PAYMENT_PATHS.paypalCheck, { method: 'POST', body: { tier } });
}
