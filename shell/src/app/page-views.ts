// The first step of the admin funnel: a page view, sent when the reader lands on a route of the site or
// moves to another. It carries the browser session's id (the key the remotes' events use, so the funnel
// counts sessions across apps) and the path without its query string. Fire and forget.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DECODER_PATHS } from '@keisha/contracts/decoder';

/** Spec section 3: one analytics session id per browser session, shared with the remotes. */
const ANALYTICS_SESSION_KEY = 'keisha.analytics.session';
let pageSessionId: string | null = null;

function analyticsSessionId(): string {
  try {
    const kept = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    if (kept) return kept;
    const id = crypto.randomUUID();
    sessionStorage.setItem(ANALYTICS_SESSION_KEY, id);
    return id;
  } catch {
    pageSessionId ??= crypto.randomUUID();
    return pageSessionId;
  }
}

export function pageViewBody(path: string, sessionId: string) {
  return { event: 'page_view', properties: { path: path.slice(0, 200), timestamp: new Date().toISOString(), session_id: sessionId } };
}

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void fetch(DECODER_PATHS.track, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(pageViewBody(pathname, analyticsSessionId())),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  }, [pathname]);
}
