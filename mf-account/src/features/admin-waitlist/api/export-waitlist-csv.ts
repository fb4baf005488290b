import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { blobOf, fetchFile } from '../../../lib/fetch-file.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { WAITLIST_CSV_FILENAME } from '../domain/waitlist.ts';

/** GET ADMIN_PATHS.waitlistCsv (text/csv, so not through the JSON client) and save it as keisha-waitlist.csv. */
export async function exportWaitlistCsv(): Promise<void> {
  const response = await fetchFile(ADMIN_PATHS.waitlistCsv, 'text/csv');
  saveFile(await blobOf(response), WAITLIST_CSV_FILENAME);
}
