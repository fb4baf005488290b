import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { pathWithQuery } from '../../../lib/query-string.ts';

export const WAITLIST_PAGE_SIZE = 20;

/** The name the export is saved under. */
export const WAITLIST_CSV_FILENAME = 'keisha-waitlist.csv';

/** GET /api/identity/admin/waitlist?page=&page_size= */
export function waitlistPath(page: number): string {
  return pathWithQuery(ADMIN_PATHS.waitlist, { page, page_size: WAITLIST_PAGE_SIZE });
}
