import { session } from '@keisha/store';
import type { Entitlement } from '../../../lib/plan.ts';
import { pathWithQuery } from '../../../lib/query-string.ts';

/** Billing's admin route for many users' plans (not in @keisha/contracts yet). */
export const ADMIN_ENTITLEMENTS_PATH = '/api/billing/admin/entitlements';

export interface AdminEntitlementsResponse {
  success: true;
  entitlements: Record<string, Entitlement>;
}

/** The plans of the listed users, by user id. */
export async function getEntitlements(userIds: readonly string[], signal?: AbortSignal): Promise<Record<string, Entitlement>> {
  const path = pathWithQuery(ADMIN_ENTITLEMENTS_PATH, { user_ids: userIds });
  const response = await session.request<AdminEntitlementsResponse>(path, signal ? { signal } : {});
  return response?.entitlements ?? {};
}
