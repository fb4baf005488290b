import { useCallback, useEffect, useRef } from 'react';

/**
 * A form's controls are disabled while it is busy, which drops the focus: call the returned function as the
 * work starts, and the focus goes back where it was once `busy` is false again (if nothing else took it).
 */
export function useFocusKeptWhileBusy(busy: boolean): () => void {
  const focusedBeforeBusy = useRef<Element | null>(null);

  useEffect(() => {
    if (busy) return;
    const previous = focusedBeforeBusy.current;
    focusedBeforeBusy.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (previous instanceof HTMLElement && previous.isConnected && (lost || document.activeElement === previous)) previous.focus();
  }, [busy]);

  return useCallback(() => {
    focusedBeforeBusy.current = document.activeElement;
  }, []);
}
