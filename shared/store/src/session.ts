// One session for the whole site. The access token lives in memory only; the refresh token is an
// HttpOnly cookie the browser sends to /api/auth. Tabs share one session: a refresh or a sign-out in
// one tab reaches the others over a BroadcastChannel, and refreshes are serialised with a Web Lock,
// because the server treats a second use of a rotated refresh token as theft and ends the session.
import { ApiError, apiRequest, backoffDelay, serverMessageOf, type Backoff, type RequestOptions } from '@keisha/contracts';
import { AUTH_PATHS, SESSION_HINT_COOKIE, type AccountUser, type AuthSuccess } from '@keisha/contracts/identity';
import type { StoreApi } from 'zustand/vanilla';
import { forgetAccountKeys } from './domain/browser-data.ts';
import { localDate, SIGN_IN_UNCONFIRMED_MESSAGE, type SiteUser, type UnconfirmedSignIn } from './domain/auth.ts';
import type { KeishaState } from './store.ts';

/** Refresh this long before expiry, so a request never leaves with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;
const CHANNEL = 'keisha-session';
const REFRESH_LOCK = 'keisha-session-refresh';
/** A restore that takes longer than this stops waiting: the sign-in is then unconfirmed, and asked about again. */
const RESTORE_TIMEOUT_MS = 5000;
/**
 * Asking identity again about a sign-in it could not confirm: 2 s after, then 4, 8... at most a minute apart.
 * Only identity's 401 ends a session; an identity that is down or slow never signs anyone out.
 */
export const CONFIRM_BACKOFF: Backoff = { firstMs: 2000, maxMs: 60_000, jitter: 0.2 };

/**
 * A hint, not a credential: '1' while this browser has a session. The edge's prerendered landing page reads it
 * before first paint, so a signed-in reader (who gets the chat at `/`) never sees the landing page flash.
 */
export const SIGNED_IN_HINT_KEY = 'keisha.signed-in';

function rememberSignedIn(signedIn: boolean) {
  try {
    if (typeof localStorage === 'undefined') return;
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage can be blocked; the hint only saves a flash.
  }
}

function forgetAccountData() {
  try {
    forgetAccountKeys(typeof localStorage === 'undefined' ? undefined : localStorage);
    forgetAccountKeys(typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
  } catch {
    // Reading the storage itself can throw when the browser blocks it: nothing was kept there.
  }
}

function readSignedInHint(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether this browser may hold a refresh cookie: identity's readable hint cookie, or this page's own
 * hint (a session from before the cookie existed). Without a document (not a browser) the answer is yes.
 */
export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return true;
  const cookies = document.cookie.split(';').map((part) => part.trim());
  return cookies.includes(`${SESSION_HINT_COOKIE}=1`) || readSignedInHint();
}

type SessionMessage =
  | { type: 'session'; user: AccountUser; token: string; expiresAt: number }
  | { type: 'signed-out' };

export interface Session {
  restore(): Promise<void>;
  signIn(email: string, password: string): Promise<AccountUser>;
  register(email: string, password: string): Promise<AccountUser>;
  adminSignIn(email: string, password: string): Promise<AccountUser>;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
  /** A valid access token (refreshed when needed), or null when signed out. */
  accessToken(): Promise<string | null>;
  /**
   * Drops the access token held (a service has just refused it) and asks identity for a new one: null when
   * identity says the session is over (the reader is then signed out), a throw when identity cannot answer.
   */
  renewAccessToken(): Promise<string | null>;
  /** apiRequest with the access token; on a 401 it refreshes once and tries again. */
  request<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** Asks identity now about a sign-in it could not confirm (a Try Again button); nothing to do otherwise. */
  confirm(): Promise<void>;
}

/** What the reader is told about a sign-in identity could not confirm, from the failure of the check. */
export function unconfirmedSignIn(error: unknown): UnconfirmedSignIn {
  if (!(error instanceof ApiError)) return { status: 0, code: 'NETWORK_ERROR', message: SIGN_IN_UNCONFIRMED_MESSAGE };
  return { status: error.status, code: error.code, message: serverMessageOf(error) ?? SIGN_IN_UNCONFIRMED_MESSAGE };
}

export function toSiteUser(user: AccountUser, today = localDate()): SiteUser {
  return { id: user.id, email: user.email, role: user.role, daily_usage_count: 0, last_usage_reset: today };
}

export function createSession(store: StoreApi<KeishaState>): Session {
  let token: { value: string; expiresAt: number } | null = null;
  let restoring: Promise<void> | null = null;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  const dispatch = store.getState().dispatchAuth;

  const adopt = (result: { user: AccountUser; token: string; expiresAt: number }) => {
    token = { value: result.token, expiresAt: result.expiresAt };
    rememberSignedIn(true);
    const current = store.getState().auth.user;
    if (current?.id === result.user.id) {
      // Same person: keep usage counters, update what the server says about the account.
      if (current.email !== result.user.email || current.role !== result.user.role) {
        dispatch({ type: 'LOGIN_SUCCESS', user: { ...current, email: result.user.email, role: result.user.role } });
      }
    } else {
      dispatch({ type: 'LOGIN_SUCCESS', user: toSiteUser(result.user) });
    }
  };

  const clear = () => {
    token = null;
    const { user, unconfirmed } = store.getState().auth;
    // Whatever the account left in this browser (its usage record, the chat it had open, ...) goes with it.
    if (user || unconfirmed || readSignedInHint()) forgetAccountData();
    rememberSignedIn(false);
    if (user || unconfirmed) dispatch({ type: 'LOGOUT' });
  };

  channel?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    if (message?.type === 'session') adopt(message);
    else if (message?.type === 'signed-out') clear();
  });

  const announce = (message: SessionMessage) => channel?.postMessage(message);

  const accept = (result: AuthSuccess): AccountUser => {
    const message: SessionMessage = {
      type: 'session',
      user: result.user,
      token: result.token,
      expiresAt: Date.now() + result.expires_in * 1000,
    };
    adopt(message);
    announce(message);
    return result.user;
  };

  /** Exchanges the refresh cookie for a new access token, one tab at a time. */
  const refresh = async (signal?: AbortSignal): Promise<string | null> => {
    const run = async () => {
      // Another tab may have refreshed while this one waited for the lock.
      if (token && token.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return token.value;
      try {
        accept(await apiRequest<AuthSuccess>(AUTH_PATHS.refresh, { method: 'POST', body: {}, ...(signal ? { signal } : {}) }));
        return token?.value ?? null;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          clear();
          announce({ type: 'signed-out' });
          return null;
        }
        throw error;
      }
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request(REFRESH_LOCK, run) : run();
  };

  const credentialsCall = async (path: string, email: string, password: string): Promise<AccountUser> => {
    dispatch({ type: 'LOGIN_START' });
    try {
      return accept(await apiRequest<AuthSuccess>(path, { body: { email, password } }));
    } catch (error) {
      dispatch({ type: 'LOGIN_FAILURE', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  const endSession = async (path: string, withToken: boolean) => {
    try {
      const bearer = withToken ? await session.accessToken() : null;
      await apiRequest(path, { method: 'POST', body: {}, ...(bearer ? { token: bearer } : {}) });
    } finally {
      // Signed out here whatever the server said: a person who asks to leave must not stay signed in.
      clear();
      announce({ type: 'signed-out' });
    }
  };

  // A sign-in identity could not confirm is asked about again, with growing pauses, until identity answers:
  // a new token (confirmed) or a 401 (ended). Meanwhile the store says so (auth.unconfirmed).
  let confirmTimer: ReturnType<typeof setTimeout> | undefined;
  let confirmFailures = 0;
  let confirming: Promise<void> | null = null;
  const unconfirmed = () => store.getState().auth.unconfirmed !== null && store.getState().auth.user === null;

  const confirmLater = () => {
    clearTimeout(confirmTimer);
    confirmFailures++;
    confirmTimer = setTimeout(() => void confirm(), backoffDelay(confirmFailures, CONFIRM_BACKOFF));
  };

  const confirm = (): Promise<void> => {
    if (!unconfirmed()) return Promise.resolve();
    confirming ??= (async () => {
      clearTimeout(confirmTimer);
      token = null; // nobody is signed in on this page yet: whatever token is held, identity is asked
      try {
        await refresh(AbortSignal.timeout(RESTORE_TIMEOUT_MS));
        confirmFailures = 0; // confirmed (signed in) or ended (signed out): nothing more to ask
      } catch (error) {
        if (!unconfirmed()) return;
        dispatch({ type: 'SIGN_IN_UNCONFIRMED', problem: unconfirmedSignIn(error) });
        confirmLater();
      } finally {
        confirming = null;
      }
    })();
    return confirming;
  };

  if (typeof window !== 'undefined') {
    // Back online, or back to the tab: ask at once rather than at the end of a long pause.
    window.addEventListener('online', () => void confirm());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void confirm();
    });
  }

  const session: Session = {
    restore() {
      restoring ??= (async () => {
        let restored = false;
        try {
          // A guest has nothing to restore: no call, and no 401 in the console on every page.
          if (mayHaveSession()) restored = (await refresh(AbortSignal.timeout(RESTORE_TIMEOUT_MS))) !== null;
        } catch (error) {
          // Identity unreachable or failing: the reader is not signed out. The pages say so, a guest can
          // still use the decoder, and the sign-in is asked about again until identity answers.
          dispatch({ type: 'SIGN_IN_UNCONFIRMED', problem: unconfirmedSignIn(error) });
          confirmLater();
        }
        const user = restored ? store.getState().auth.user : null;
        dispatch({ type: 'RESTORE_SESSION', user });
      })();
      return restoring;
    },
    confirm,
    signIn: (email, password) => credentialsCall(AUTH_PATHS.login, email, password),
    register: (email, password) => credentialsCall(AUTH_PATHS.register, email, password),
    adminSignIn: (email, password) => credentialsCall(AUTH_PATHS.adminLogin, email, password),
    signOut: () => endSession(AUTH_PATHS.logout, false),
    signOutEverywhere: () => endSession(AUTH_PATHS.logoutAll, true),
    async accessToken() {
      if (token && token.expiresAt - Date.now() > EXPIRY_MARGIN_MS) return token.value;
      if (!store.getState().auth.user) return null;
      return refresh();
    },
    async renewAccessToken() {
      if (!store.getState().auth.user) return null;
      token = null;
      return refresh();
    },
    async request<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
      const first = await session.accessToken();
      try {
        return await apiRequest<T>(path, { ...options, ...(first ? { token: first } : {}) });
      } catch (error) {
        // Only a refused token is worth a refresh; a 401 about the request itself (a wrong current
        // password, say) must not be sent twice.
        if (!(error instanceof ApiError) || error.status !== 401 || error.code !== 'UNAUTHENTICATED' || !first) throw error;
        token = null; // the server no longer accepts it (expired early, key rotated): get a new one
        const second = await refresh();
        if (!second) throw error;
        return apiRequest<T>(path, { ...options, token: second });
      }
    },
  };
  return session;
}
