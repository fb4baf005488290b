// "Download your data" on /account: the name the file is saved under (identity's, from Content-Disposition; today's
// when it gave none), and what the section says about a download. Pure.
import { isNetworkError, serverMessageOf } from '@keisha/contracts';
import { asApiError } from '../../../lib/api-error.ts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/error-message.ts';

export const DOWNLOAD_DATA_MESSAGES = {
  title: 'Download your data',
  lead:
    'Get a copy of everything Keisha holds about you, in one file (JSON): your account and profile, sign-ins, newsletter, ' +
    'support requests and waitlist place, your News Decoder history and API keys (never their secrets), your chat ' +
    'conversations, and your plans and payments.',
  button: 'Download my data',
  busy: 'Preparing your file…',
  /** The wording every other page of the account uses when the network fails. */
  unreachable: NETWORK_ERROR_MESSAGE,
  /** When identity failed without a message of its own (a proxy's page, a body that is not the file). */
  failed: 'Your data could not be downloaded just now. Nothing was saved; please try again in a minute.',
} as const;

export const downloadedMessage = (fileName: string): string => `Your file ${fileName} was downloaded.`;

/** keisha-data-YYYY-MM-DD.json for the UTC day of `now`, as identity names the file. */
export function fallbackFileName(now = new Date()): string {
  return `keisha-data-${now.toISOString().slice(0, 10)}.json`;
}

/** A name as a download may carry it: no folders, no control characters, not empty. */
function usableName(name: string | undefined): string | undefined {
  const base = name?.split(/[/\\]/).pop()?.trim();
  if (!base || base === '.' || base === '..' || /[\u0000-\u001f\u007f]/.test(base)) return undefined;
  return base;
}

function decodedExtValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The file's name from a Content-Disposition header (`attachment; filename="keisha-data-2026-11-28.json"`): the
 * encoded `filename*=UTF-8''…` first, then `filename="…"` or a bare `filename=…`; today's name when there is none.
 */
export function exportFileName(contentDisposition: string | null, now = new Date()): string {
  const header = contentDisposition ?? '';
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(header)?.[1];
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^";\s]+)/i.exec(header)?.[1];
  return (
    usableName(extended === undefined ? undefined : decodedExtValue(extended)) ?? usableName(quoted) ?? usableName(bare) ?? fallbackFileName(now)
  );
}

/** identity's own message (signed out, too many exports, a service that could not answer); the connection; or try again. */
export function downloadDataErrorMessage(error: unknown): string {
  const apiError = asApiError(error);
  if (isNetworkError(apiError)) return DOWNLOAD_DATA_MESSAGES.unreachable;
  return serverMessageOf(apiError) ?? DOWNLOAD_DATA_MESSAGES.failed;
}
