import { asApiError } from '../../../lib/api-error.ts';
import { pathWithQuery } from '../../../lib/query-string.ts';

/** Billing's admin route for enterprise demo requests (not in @keisha/contracts yet). */
export const ADMIN_DEMO_REQUESTS_PATH = '/api/billing/admin/demo-requests';
export const DEMO_REQUESTS_PAGE_SIZE = 20;

export interface DemoRequest {
  id: string;
  email: string;
  created_at: string;
}

export interface AdminDemoRequestsResponse {
  success: true;
  requests: DemoRequest[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/billing/admin/demo-requests?page=&page_size= */
export function demoRequestsPath(page: number): string {
  return pathWithQuery(ADMIN_DEMO_REQUESTS_PATH, { page, page_size: DEMO_REQUESTS_PAGE_SIZE });
}

/** Billing does not serve the list yet (no such route): a state to explain, not an error to alarm with. */
export function isNotAvailableYet(error: unknown): boolean {
  const status = asApiError(error)?.status;
  return status === 404 || status === 501;
}
