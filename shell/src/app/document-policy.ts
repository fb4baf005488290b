import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The pages of PayPal's flow: only their documents may load PayPal's scripts (the edge's Content-Security-Policy,
 * infra/local/security.ts PAYPAL_PAGES, lists the same paths). A page's policy is the one of the document it was
 * loaded in, so a move between these and the other pages loads a fresh document: a reader who clicks from the
 * landing page to /pricing gets PayPal's button, and one who goes on from /pricing to /admin leaves PayPal behind.
 */
export const PAYPAL_PAGES: readonly string[] = ['/pricing', '/thank-you'];

type DocumentPolicy = 'paypal' | 'site';

export function documentPolicyOf(pathname: string): DocumentPolicy {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAYPAL_PAGES.includes(path.toLowerCase()) ? 'paypal' : 'site';
}

/** Whether showing `pathname` needs a document of its own, the current one having been loaded at `loadedAt`. */
export function needsFreshDocument(loadedAt: string, pathname: string): boolean {
  return documentPolicyOf(loadedAt) !== documentPolicyOf(pathname);
}

/** Where this document was loaded (before any client-side navigation). */
const loadedAt = typeof window === 'undefined' ? '/' : window.location.pathname;

/**
 * Loads the route again as a document when its policy differs from the one this document has; meanwhile nothing
 * of the route is shown, mounted or counted (its page view is sent once, by the new document).
 */
export function DocumentPolicyBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const leaving = needsFreshDocument(loadedAt, pathname);
  useEffect(() => {
    if (leaving) window.location.reload();
  }, [leaving, pathname]);
  return leaving ? null : children;
}
