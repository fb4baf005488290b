// A remote that fails to load or crashes is reported to our own endpoint (the decoder service keeps the
// counts admins see), once per page load for each remote and message: a crash loop or a Retry pressed ten
// times is one report. The report names the remote, its build version, the path and the message; nothing
// about the reader (no query string, no account, no storage).
import { ANALYTICS_PATHS, CLIENT_ERROR_LIMITS, type ClientErrorKind, type ClientErrorReport } from '@keisha/contracts/analytics';

const reported = new Set<string>();
/** Build versions read from the manifests the runtime fetched, by manifest URL. */
const versions = new Map<string, string>();

function absolute(url: string): string {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.origin + parsed.pathname;
  } catch {
    return url;
  }
}

/** Called with every manifest the federation runtime fetches: remembers the remote's build version. */
export function noteManifest(url: string, response: Response): void {
  if (!response.ok || !/mf-manifest\.json$/.test(absolute(url))) return;
  response
    .clone()
    .json()
    .then((manifest: { metaData?: { buildInfo?: { buildVersion?: unknown } } }) => {
      const version = manifest?.metaData?.buildInfo?.buildVersion;
      if (typeof version === 'string' && version) versions.set(absolute(url), version);
    })
    .catch(() => undefined);
}

/** The remote's build version when its manifest was read, else 'unknown' (it never loaded). */
export function remoteVersion(manifestUrl: string | undefined): string {
  const version = manifestUrl ? versions.get(absolute(manifestUrl)) : undefined;
  return version && /^[A-Za-z0-9._+-]+$/.test(version) ? version.slice(0, CLIENT_ERROR_LIMITS.version) : 'unknown';
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return text.trim().slice(0, CLIENT_ERROR_LIMITS.message) || 'unknown error';
}

/** The report for a failure, or null when this page has reported it already. */
export function reportFor(remote: string, manifestUrl: string | undefined, kind: ClientErrorKind, error: unknown, path: string): ClientErrorReport | null {
  const message = messageOf(error);
  const key = `${remote}\n${message}`;
  if (reported.has(key)) return null;
  reported.add(key);
  return { remote, version: remoteVersion(manifestUrl), route: path.slice(0, CLIENT_ERROR_LIMITS.route) || '/', kind, message };
}

/** Sends the report; a failure to report is ignored (the fallback is already on screen). */
export function reportRemoteFailure(remote: string, manifestUrl: string | undefined, kind: ClientErrorKind, error: unknown): void {
  const report = reportFor(remote, manifestUrl, kind, error, window.location.pathname);
  if (!report) return;
  // Its own fetch, not @keisha/store's postReport: this module is loaded by the federation runtime's
  // plugin (timeout-retry.ts) before shared modules can be consumed, and importing the shared store here
  // stopped every remote from loading (seen in the e2e suite).
  void fetch(ANALYTICS_PATHS.clientErrors, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

/** Tests only: a new page load. */
export function forgetReports(): void {
  reported.clear();
  versions.clear();
}
