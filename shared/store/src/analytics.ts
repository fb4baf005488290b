// The site's one analytics client (spec section 7): POST /api/analytics/track with the event and its
// properties (timestamp, page, user agent, browser session id). It lives here, in the package every app shares
// as a singleton, so the shell and all remotes send the same session id: the admin funnel counts browser
// sessions across apps, and with storage blocked the fallback id is still one per page, not one per remote.
// Fire and forget: analytics never gets in a reader's way, so every failure is swallowed.
import { ANALYTICS_SESSION_KEY } from '@keisha/contracts/analytics';
import { DECODER_PATHS, type TrackRequest } from '@keisha/contracts/decoder';

export { ANALYTICS_SESSION_KEY };

/** Browsers send user agents of a few hundred characters; the service keeps 8 KB of properties per event. */
const USER_AGENT_LIMIT = 512;

let pageSessionId: string | null = null;

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The id of this browser session: kept in sessionStorage, or for this page when storage is blocked. */
export function analyticsSessionId(): string {
  try {
    const kept = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (kept) return kept;
    const id = newSessionId();
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    pageSessionId ??= newSessionId();
    return pageSessionId;
  }
}

/** The page an event came from, without its query or fragment: those may carry payment ids or a search. */
function currentPage(): string {
  return typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`;
}

/**
 * Posts a report to one of our own endpoints and forgets it: no credentials (the routes need none and a
 * report must not tie to an account), `keepalive` so one sent as the page unloads (a checkout leaving the
 * site) still arrives, and never a rejection or a throw (a failed report changes nothing for the reader).
 * (The shell's reports of failed remotes keep a fetch of their own: see shell/src/federation/error-reports.ts.)
 */
export function postReport(path: string, body: unknown): Promise<void> {
  try {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'omit',
    }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/** Posts one event as it is. */
export function sendAnalyticsEvent(body: TrackRequest): Promise<void> {
  return postReport(DECODER_PATHS.track, body);
}

/** The standard properties every event carries beside its own (its own cannot override them). */
export function eventProperties(properties: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...properties,
    timestamp: new Date().toISOString(),
    url: currentPage(),
    user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, USER_AGENT_LIMIT),
    session_id: analyticsSessionId(),
  };
}

/** Records one event of the product; the promise always resolves (it is there for callers that wait). */
export function trackEvent(event: string, properties: Record<string, unknown> = {}): Promise<void> {
  try {
    return sendAnalyticsEvent({ event, properties: eventProperties(properties) });
  } catch {
    return Promise.resolve();
  }
}
