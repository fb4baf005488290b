import { readSignInLink } from '@keisha/contracts/identity';
import { useKeisha } from '@keisha/store';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthDialogState } from './use-auth-dialog-state.ts';

/**
 * /bias-detection?account=sign-in&next=/pricing (contracts' signInLink): once the session is known, a guest gets
 * the account dialog at once, and after signing in goes back to `next`; a reader already signed in goes straight
 * there. Without the query, nothing happens.
 */
export function useSignInLink(dialog: AuthDialogState): void {
  const { search } = useLocation();
  const navigate = useNavigate();
  const restored = useKeisha((s) => s.auth.sessionRestored);
  const signedIn = useKeisha((s) => s.auth.user !== null);
  const link = useRef(readSignInLink(search));
  const opened = useRef(false);
  const { open } = dialog;

  useEffect(() => {
    const asked = link.current;
    if (!asked || !restored) return;
    if (signedIn) {
      link.current = null;
      if (asked.next) navigate(asked.next, { replace: true });
      return;
    }
    if (!opened.current) {
      opened.current = true;
      open(asked.mode);
    }
  }, [restored, signedIn, navigate, open]);
}
