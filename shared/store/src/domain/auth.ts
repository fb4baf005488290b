// Site auth state and its reducer, exactly the actions of spec section 4 ("Site auth reducer").

export interface SiteUser {
  id: string;
  email: string;
  role?: 'user' | 'admin';
  daily_usage_count: number;
  /** Local calendar date (YYYY-MM-DD) of the last reset. */
  last_usage_reset: string;
}

export interface AuthState {
  user: SiteUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  sessionRestored: boolean;
}

export type AuthAction =
  | { type: 'LOGIN_START' }
  | { type: 'LOGIN_SUCCESS'; user: SiteUser }
  | { type: 'LOGIN_FAILURE'; error: string }
  | { type: 'LOGOUT' }
  | { type: 'RESTORE_SESSION'; user: SiteUser | null }
  | { type: 'UPDATE_USAGE'; count: number }
  | { type: 'RESET_DAILY_USAGE'; today: string };

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  sessionRestored: false,
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
      return { ...state, user: action.user, isAuthenticated: true, isLoading: false, error: null };
    case 'LOGIN_FAILURE':
      return { ...state, user: null, isAuthenticated: false, isLoading: false, error: action.error };
    case 'LOGOUT':
      return { ...state, user: null, isAuthenticated: false, isLoading: false, error: null };
    case 'RESTORE_SESSION':
      return { ...state, user: action.user, isAuthenticated: action.user !== null, isLoading: false, sessionRestored: true };
    case 'UPDATE_USAGE':
      return state.user ? { ...state, user: { ...state.user, daily_usage_count: action.count } } : state;
    case 'RESET_DAILY_USAGE':
      return state.user
        ? { ...state, user: { ...state.user, daily_usage_count: 0, last_usage_reset: action.today } }
        : state;
  }
}
