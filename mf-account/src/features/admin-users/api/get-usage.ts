import { session } from '@keisha/store';
import { pathWithQuery } from '../../../lib/query-string.ts';
import type { DailyUsage } from '../domain/user-display.ts';

/** The decoder service's admin route for many users' usage today (not in @keisha/contracts yet). */
export const ADMIN_USAGE_PATH = '/api/decoder/admin/usage';

export interface AdminUsageResponse {
  success: true;
  usage: Record<string, DailyUsage>;
}

/** Today's analyses and chat messages of the listed users, by user id. */
export async function getUsage(userIds: readonly string[], signal?: AbortSignal): Promise<Record<string, DailyUsage>> {
  const path = pathWithQuery(ADMIN_USAGE_PATH, { user_ids: userIds });
  const response = await session.request<AdminUsageResponse>(path, signal ? { signal } : {});
  return response?.usage ?? {};
}
