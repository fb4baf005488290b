// The first step of the admin funnel: a page view, sent when the reader lands on a route of the site or
// moves to another. It carries the browser session's id (from the analytics client every app shares, so the
// funnel counts sessions across apps) and the path without its query string. Fire and forget.
import { analyticsSessionId, sendAnalyticsEvent } from '@keisha/store';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function pageViewBody(path: string, sessionId: string) {
  return { event: 'page_view', properties: { path: path.slice(0, 200), timestamp: new Date().toISOString(), session_id: sessionId } };
}

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void sendAnalyticsEvent(pageViewBody(pathname, analyticsSessionId()));
  }, [pathname]);
}
