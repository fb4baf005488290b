import { ENTITLEMENT_PATHS, type EntitlementResponse } from '@keisha/contracts/billing';
import { session } from '@keisha/store';

/** GET /api/billing/entitlements/me: the account's plans and when paid access ends. */
export function fetchEntitlement(signal?: AbortSignal): Promise<EntitlementResponse> {
  return session.request<EntitlementResponse>(ENTITLEMENT_PATHS.me, signal ? { signal } : {});
}
