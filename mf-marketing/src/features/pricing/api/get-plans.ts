import { apiRequest } from '@keisha/contracts';
import { PLANS_PATH, type PlansResponse } from '@keisha/contracts/billing';

/** GET /api/billing/plans: billing's catalogue, the one source of every price on this site. */
export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return apiRequest<PlansResponse>(PLANS_PATH, { signal });
}
