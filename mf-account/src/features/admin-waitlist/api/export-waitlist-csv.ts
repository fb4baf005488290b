import { ApiError } from '@keisha/contracts';
import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { saveFile } from '../../../lib/save-file.ts';
import { apiErrorOfBody } from '../../../lib/api-error.ts';
import { WAITLIST_CSV_FILENAME } from '../domain/waitlist.ts';

/** GET ADMIN_PATHS.waitlistCsv (text/csv, so not through the JSON client) and save it as keisha-waitlist.csv. */
export async function exportWaitlistCsv(): Promise<void> {
  const token = await session.accessToken();
  let response: Response;
  try {
    response = await fetch(ADMIN_PATHS.waitlistCsv, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));
  }
  if (!response.ok) throw apiErrorOfBody(response.status, await response.text());
  saveFile(await response.blob(), WAITLIST_CSV_FILENAME);
}
