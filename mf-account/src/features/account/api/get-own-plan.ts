import { session } from '@keisha/store';
import type { Entitlement } from '../../../lib/plan.ts';

/**
 * Billing's route for the signed-in person's own plan (not in @keisha/contracts yet; billing is the
 * one source of truth for plans). Until billing serves it, the page shows '—'.
 */
export const OWN_ENTITLEMENT_PATH = '/api/billing/entitlements/me';

export interface OwnEntitlementResponse {
  success: true;
  entitlement: Entitlement;
}

export async function getOwnPlan(signal?: AbortSignal): Promise<Entitlement | null> {
  const response = await session.request<OwnEntitlementResponse>(OWN_ENTITLEMENT_PATH, signal ? { signal } : {});
  return response?.entitlement ?? null;
}
