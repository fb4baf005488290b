import { ApiError } from '@keisha/contracts';
import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { pathWithQuery } from '../../../lib/query-string.ts';

export const WAITLIST_PAGE_SIZE = 20;

/** The name the export is saved under. */
export const WAITLIST_CSV_FILENAME = 'keisha-waitlist.csv';

/** GET /api/identity/admin/waitlist?page=&page_size= */
export function waitlistPath(page: number): string {
  return pathWithQuery(ADMIN_PATHS.waitlist, { page, page_size: WAITLIST_PAGE_SIZE });
}

/**
 * The error of a failed CSV export. The body is the service's JSON error envelope when it sent one
 * ({success:false,error:{code,message}}), and anything else (a proxy's page) when it did not.
 */
export function csvExportError(status: number, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (error && typeof error.message === 'string' && error.message.trim() !== '') {
      const code = typeof error.code === 'string' && error.code !== 'HTTP_ERROR' ? error.code : 'SERVER_ERROR';
      return new ApiError(status, code, error.message);
    }
  } catch {
    // not JSON: fall through to the generic error
  }
  return new ApiError(status, 'HTTP_ERROR', `Request failed (${status})`);
}
