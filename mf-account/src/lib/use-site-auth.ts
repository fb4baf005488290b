import { session, useKeisha, type AuthState } from '@keisha/store';
import { useEffect } from 'react';

/**
 * The site's auth state, after the session has been restored from the refresh cookie. Restoring is
 * idempotent (the session runs it once per page), so this works whether or not the shell started it.
 */
export function useSiteAuth(): AuthState {
  const auth = useKeisha((s) => s.auth);
  const restored = auth.sessionRestored;
  useEffect(() => {
    if (!restored) void session.restore();
  }, [restored]);
  return auth;
}
