import { apiRequest } from '@keisha/contracts';
import { DECODER_PATHS } from '@keisha/contracts/decoder';

// Spec section 7: POST /api/analytics/track with {event, properties}; the properties carry a timestamp, the
// page, the user agent and the browser session's id. Fire and forget: errors are ignored, analytics never
// gets in a reader's way.

/** Spec section 3: one analytics session id per browser session (the same key the decoder uses). */
export const ANALYTICS_SESSION_KEY = 'keisha.analytics.session';

let pageSessionId: string | null = null;

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The id of this browser session, kept in sessionStorage (or for this page when storage is blocked). */
export function analyticsSessionId(): string {
  try {
    const kept = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (kept) return kept;
    const id = newId();
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    pageSessionId ??= newId();
    return pageSessionId;
  }
}

/** Sends one event. The page is sent without its query string: it may carry payment ids or junk. */
export function trackEvent(event: string, properties: Record<string, unknown>): Promise<void> {
  try {
    const body = {
      event,
      properties: {
        ...properties,
        timestamp: new Date().toISOString(),
        url: typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`,
        user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 512),
        session_id: analyticsSessionId(),
      },
    };
    return apiRequest(DECODER_PATHS.track, { method: 'POST', body }).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}
