import { useEffect, useRef, useState } from 'react';
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

/** How long the shell waits for a remote to render its page's heading before it settles for the main landmark. */
export const HEADING_WAIT_MS = 3000;

/**
 * Finds the new page's h1 (or the element `anchor` names) inside `main` (waiting for the remote to render it, at most `waitMs`) and focuses it;
 * without one, focuses `main` itself and hands the title to `announce`, since focus alone would say nothing.
 * Focus is left alone when the page has meanwhile put it somewhere itself (an autofocused field, a dialog).
 * Returns a function that stops waiting.
 */
export function focusNewPage(
  main: HTMLElement,
  trigger: Element | null,
  announce: (text: string) => void,
  waitMs = HEADING_WAIT_MS,
  anchor = '',
): () => void {
  const movable = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === trigger || !active.isConnected;
  };
  const focus = (target: HTMLElement) => {
    if (!movable()) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  };
  // A link to a place in the new page (/#waitlist) lands on that place, not on the top heading.
  const heading = (): HTMLElement | null => {
    if (!anchor) return main.querySelector<HTMLElement>('h1');
    const target = document.getElementById(anchor);
    return target && main.contains(target) ? target : null;
  };

  const found = heading();
  if (found) {
    focus(found);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const h1 = heading();
    if (!h1) return;
    stop();
    focus(h1);
  });
  const timer = window.setTimeout(() => {
    stop();
    focus(main);
    announce(document.title);
  }, waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * After a client-side route change, keyboard and screen-reader users are taken to the new page's heading, as a
 * full page load would start them at its top. Not on the first load, and not when only the hash or the query
 * changes within a page. The live region speaks the title when there is no heading to land on.
 */
export function FocusOnNavigate({ mainId = 'main', waitMs = HEADING_WAIT_MS }: { mainId?: string; waitMs?: number }) {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  // Where focus was when the route changed, read while rendering: before the new page commits and can
  // autofocus a field of its own, which must then keep the focus.
  const trigger = useRef<Element | null>(null);
  if (shown.current !== pathname && trigger.current === null && typeof document !== 'undefined') {
    trigger.current = document.activeElement;
  }
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const from = trigger.current;
    trigger.current = null;
    const main = document.getElementById(mainId);
    if (!main) return;
    setAnnouncement('');
    return focusNewPage(main, from, setAnnouncement, waitMs, decodeURIComponent(hash.slice(1)));
    // The hash is read when the path changes; a hash change alone is the page's own business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, mainId, waitMs]);

  return (
    <div className="k-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {announcement}
    </div>
  );
}
