import { useCallback, useMemo, useState } from 'react';
import type { AuthMode } from '../domain/credentials.ts';

/** Whether the account dialog is open, and in which mode it opened. */
export interface AuthDialogState {
  /** null when closed. */
  mode: AuthMode | null;
  open: (mode: AuthMode) => void;
  close: () => void;
}

export function useAuthDialogState(): AuthDialogState {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const open = useCallback((next: AuthMode) => setMode(next), []);
  const close = useCallback(() => setMode(null), []);
  return useMemo(() => ({ mode, open, close }), [mode, open, close]);
}
