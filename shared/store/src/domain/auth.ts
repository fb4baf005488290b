// Site auth state and its reducer, exactly the actions of spec section 4 ("Site auth reducer").

export interface SiteUser {
  id: string;
  email: string;
  role?: 'user' | 'admin';
  daily_usage_count: number;
  /** Local calendar date (YYYY-MM-DD) of the last reset. */
  last_usage_reset: string;
}

/** Why a sign-in this browser holds could not be confirmed: identity (or the way to it) did not answer. */
export interface UnconfirmedSignIn {
  /** The HTTP status of the failed check; 0 when it never reached a server. */
  status: number;
  code: string;
  /** What to tell the reader: the service's own message, or SIGN_IN_UNCONFIRMED_MESSAGE. */
  message: string;
}

/** Said while identity cannot confirm a sign-in; the same words the services use for it (503 AUTH_UNAVAILABLE). */
export const SIGN_IN_UNCONFIRMED_MESSAGE = 'We could not confirm your sign-in just now. Please try again in a moment.';

export interface AuthState {
  user: SiteUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  sessionRestored: boolean;
  /**
   * Not one of the spec's fields. Set when this browser holds a sign-in that identity could not confirm at
   * restore (unreachable, 5xx): the reader is not signed out, the session asks again in the background, and
   * pages say why they wait instead of treating the reader as a guest. Cleared once the sign-in is
   * confirmed or really ended.
   */
  unconfirmed: UnconfirmedSignIn | null;
}

export type AuthAction =
  | { type: 'LOGIN_START' }
  | { type: 'LOGIN_SUCCESS'; user: SiteUser }
  | { type: 'LOGIN_FAILURE'; error: string }
  | { type: 'LOGOUT' }
  | { type: 'RESTORE_SESSION'; user: SiteUser | null }
  | { type: 'UPDATE_USAGE'; count: number }
  | { type: 'RESET_DAILY_USAGE'; today: string }
  | { type: 'SIGN_IN_UNCONFIRMED'; problem: UnconfirmedSignIn };

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  sessionRestored: false,
  unconfirmed: null,
};

/** Local calendar date as YYYY-MM-DD: the day a daily count belongs to. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'LOGIN_START':
      return { ...state, isLoading: true, error: null };
    case 'LOGIN_SUCCESS':
      return { ...state, user: action.user, isAuthenticated: true, isLoading: false, error: null, unconfirmed: null };
    case 'LOGIN_FAILURE':
      return { ...state, user: null, isAuthenticated: false, isLoading: false, error: action.error, unconfirmed: null };
    case 'LOGOUT':
      return { ...state, user: null, isAuthenticated: false, isLoading: false, error: null, unconfirmed: null };
    case 'RESTORE_SESSION':
      return { ...state, user: action.user, isAuthenticated: action.user !== null, isLoading: false, sessionRestored: true };
    case 'UPDATE_USAGE':
      return state.user ? { ...state, user: { ...state.user, daily_usage_count: action.count } } : state;
    case 'RESET_DAILY_USAGE':
      return state.user
        ? { ...state, user: { ...state.user, daily_usage_count: 0, last_usage_reset: action.today } }
        : state;
    case 'SIGN_IN_UNCONFIRMED':
      // Someone signed in meanwhile (another tab): nothing is left to confirm.
      return state.user ? state : { ...state, unconfirmed: action.problem };
  }
}
