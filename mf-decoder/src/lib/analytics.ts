import { session } from '@keisha/store';
import { DECODER_PATHS } from '@keisha/contracts/decoder';

// Spec section 7: POST /api/analytics/track with the event and its properties (timestamp, url, user
// agent, session id). Fire and forget: analytics never gets in a reader's way, so every error is ignored.

/** Spec section 3: an analytics session id is kept per browser session. */
export const ANALYTICS_SESSION_KEY = 'keisha.analytics.session';

function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

let pageSessionId: string | null = null;

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

export function trackEvent(event: string, properties: Record<string, unknown> = {}): void {
  try {
    const body = {
      event,
      properties: {
        ...properties,
        timestamp: new Date().toISOString(),
        url: typeof location === 'undefined' ? '' : location.href,
        user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
        session_id: analyticsSessionId(),
      },
    };
    session.request(DECODER_PATHS.track, { method: 'POST', body }).catch(() => undefined);
  } catch {
    // Analytics must never break the page.
  }
}
