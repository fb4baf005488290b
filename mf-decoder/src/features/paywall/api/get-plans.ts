import { apiRequest } from '@keisha/contracts';
import { PLANS_PATH, type PlansResponse } from '@keisha/contracts/billing';
import { plansFromCatalogue, type PaywallPlan } from '../domain/plans.ts';

const PLANS_TIMEOUT_MS = 5000;

/** GET /api/billing/plans: the paywall's plans from billing's catalogue (public, no token needed). */
export async function fetchPaywallPlans(signal?: AbortSignal): Promise<PaywallPlan[] | null> {
  const timeout = AbortSignal.timeout(PLANS_TIMEOUT_MS);
  const response = await apiRequest<PlansResponse>(PLANS_PATH, {
    signal: signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return plansFromCatalogue(response);
}
