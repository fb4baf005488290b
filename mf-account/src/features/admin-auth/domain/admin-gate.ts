/** What /admin shows: nothing yet, the sign-in form, the 403 page, or the console. */
export type AdminGate = 'restoring' | 'sign-in' | 'access-denied' | 'console';

export interface AdminGateInput {
  user: { role?: 'user' | 'admin' | undefined } | null;
  sessionRestored: boolean;
}

/**
 * A signed-in person is judged at once (the role comes with the session); nobody signed in sees the
 * sign-in form only once the session restore has said there is no session, so an admin who reloads
 * the page is not shown the form for a moment.
 */
export function adminGate({ user, sessionRestored }: AdminGateInput): AdminGate {
  if (user) return user.role === 'admin' ? 'console' : 'access-denied';
  return sessionRestored ? 'sign-in' : 'restoring';
}
