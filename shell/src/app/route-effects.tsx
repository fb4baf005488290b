import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle } from './paths.ts';

/** Sets the document title of the route being shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A new page starts at its top, as after a full page load; an in-page anchor (#waitlist) is left to the page. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
