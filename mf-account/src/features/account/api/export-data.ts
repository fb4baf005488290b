import { ApiError } from '@keisha/contracts';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { blobOf, fetchFile } from '../../../lib/fetch-file.ts';
import { exportFileName } from '../domain/download-data.ts';

export interface ExportedData {
  /** identity's answer byte for byte: it is saved as it came, never parsed and written out again. */
  file: Blob;
  /** The name identity gave the file (Content-Disposition), or keisha-data-<today>.json. */
  fileName: string;
}

/**
 * GET AUTH_PATHS.exportData: the account's whole copy as one file. Every failure is an ApiError: identity's own (401,
 * 429, 503 naming the part it could not gather) or NETWORK_ERROR.
 */
export async function exportData(): Promise<ExportedData> {
  const response = await fetchFile(AUTH_PATHS.exportData, 'application/json');
  // A page that is not the file (an HTML fallback on the way) is not saved as keisha-data-….json.
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) {
    throw new ApiError(response.status, 'NON_JSON', `${response.status}: the answer is not the file`);
  }
  return { file: await blobOf(response), fileName: exportFileName(response.headers.get('content-disposition')) };
}
