import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type RemoteData<T> =
  | { status: 'idle'; data: undefined }
  | { status: 'loading'; data: T | undefined }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: T | undefined; error: unknown };

export interface RemoteDataHandle<T> {
  state: RemoteData<T>;
  /** Loads the same thing again (after a failure, say). */
  reload: () => void;
  /** Changes the loaded data in place, after a successful update on the server. */
  update: (change: (data: T) => T) => void;
}

/**
 * Loads what `load` returns whenever `key` changes (a null key loads nothing). While a new key loads,
 * the previous data stays on screen; an answer that arrives after the key moved on is dropped.
 */
export function useRemoteData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): RemoteDataHandle<T> {
  const [state, setState] = useState<RemoteData<T>>(() =>
    key === null ? { status: 'idle', data: undefined } : { status: 'loading', data: undefined },
  );
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle', data: undefined });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ status: 'failed', data: previous.data, error }));
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous));
  }, []);
  return { state, reload, update };
}
