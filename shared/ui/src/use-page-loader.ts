import { useCallback, useRef, useState } from 'react';

export type PageLoadStatus = 'loading' | 'ready' | 'failed';

export interface PageLoader {
  status: PageLoadStatus;
  setStatus: (status: PageLoadStatus) => void;
  /** Asks for a page; a request still under way is aborted, so only the latest answer lands. */
  load: (page: number) => Promise<void>;
  /** Aborts the request under way (on unmount, or when the reader changes). */
  abort: () => void;
}

/**
 * One page of a list at a time from the server: `fetchPage` asks for it and `onPage` takes the answer in.
 * Both must be stable (useCallback), since `load` changes with them.
 */
export function usePageLoader<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<T>,
  onPage: (result: T, page: number) => void,
): PageLoader {
  const [status, setStatus] = useState<PageLoadStatus>('loading');
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    async (page: number) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setStatus('loading');
      try {
        const result = await fetchPage(page, controller.signal);
        if (controller.signal.aborted) return;
        onPage(result, page);
        setStatus('ready');
      } catch {
        if (!controller.signal.aborted) setStatus('failed');
      }
    },
    [fetchPage, onPage],
  );

  const abort = useCallback(() => request.current?.abort(), []);
  return { status, setStatus, load, abort };
}
