import { ApiError } from '@keisha/contracts';
import { AUTH_ERRORS, AUTH_PATHS } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { apiErrorOfBody } from '../../../lib/api-error.ts';
import { exportFileName } from '../domain/download-data.ts';

export interface ExportedData {
  /** identity's answer byte for byte: it is saved as it came, never parsed and written out again. */
  file: Blob;
  /** The name identity gave the file (Content-Disposition), or keisha-data-<today>.json. */
  fileName: string;
}

const networkError = (cause: unknown) => new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : String(cause));

async function requestExport(token: string | null): Promise<Response> {
  try {
    return await fetch(AUTH_PATHS.exportData, {
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
      // Personal data: the browser's cache keeps no copy (identity answers no-store as well).
      cache: 'no-store',
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

/**
 * GET AUTH_PATHS.exportData: the account's whole copy as one file. Not through session.request, which parses the
 * answer as JSON; like it, a refused token (401 UNAUTHENTICATED) is renewed once and the request sent again. Every
 * failure is an ApiError: identity's own (401, 429, 503 naming the part it could not gather) or NETWORK_ERROR.
 */
export async function exportData(): Promise<ExportedData> {
  const first = await session.accessToken();
  let response = await requestExport(first);
  if (response.status === 401 && first) {
    const refused = apiErrorOfBody(response.status, await response.text().catch(() => ''));
    if (refused.code !== AUTH_ERRORS.unauthenticated) throw refused;
    const second = await session.renewAccessToken();
    if (!second) throw refused;
    response = await requestExport(second);
  }
  if (!response.ok) throw apiErrorOfBody(response.status, await response.text().catch(() => ''));
  // A page that is not the file (an HTML fallback on the way) is not saved as keisha-data-….json.
  if (!/\bjson\b/i.test(response.headers.get('content-type') ?? '')) {
    throw new ApiError(response.status, 'NON_JSON', `${response.status}: the answer is not the file`);
  }
  let file: Blob;
  try {
    file = await response.blob();
  } catch (cause) {
    // The connection dropped while the file came.
    throw networkError(cause);
  }
  return { file, fileName: exportFileName(response.headers.get('content-disposition')) };
}
