import { useCallback, useEffect, useRef, useState } from 'react';

/** What a page has of one thing it loads: nothing yet, the thing, or a failure it can offer to retry. */
export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/**
 * Loads what `load` answers when the component mounts, and again on `retry()`. A rejection (or a throw, for an
 * answer of the wrong shape) is a failure, logged with `what` ("the chat plans"); an answer that arrives after
 * the component unmounted or a newer try began is dropped. `load` need not be stable.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, what: string): { state: Loaded<T>; retry: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load; // before the effect below, which runs after it in the same commit
  });

  useEffect(() => {
    const request = new AbortController();
    setState({ status: 'loading' });
    loadRef.current(request.signal).then(
      (value) => {
        if (!request.signal.aborted) setState({ status: 'ready', value });
      },
      (error: unknown) => {
        if (request.signal.aborted) return;
        console.warn(`[keisha] could not load ${what}:`, error instanceof Error ? error.message : error);
        setState({ status: 'failed' });
      },
    );
    return () => request.abort();
  }, [attempt, what]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
