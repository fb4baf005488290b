import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, localDate, type SiteUser } from './auth.ts';

const user: SiteUser = { id: 'u1', email: 'ada@example.org', daily_usage_count: 2, last_usage_reset: '2026-11-20' };

describe('authReducer', () => {
  it('LOGIN_START sets loading and clears the error', () => {
    const state = authReducer({ ...initialAuthState, error: 'old' }, { type: 'LOGIN_START' });
    expect(state.isLoading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('LOGIN_SUCCESS stores the user and marks authenticated', () => {
    const state = authReducer({ ...initialAuthState, isLoading: true }, { type: 'LOGIN_SUCCESS', user });
    expect(state).toMatchObject({ user, isAuthenticated: true, isLoading: false });
  });

  it('LOGIN_FAILURE clears the user and stores the error', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user });
    const state = authReducer(signedIn, { type: 'LOGIN_FAILURE', error: 'Invalid' });
    expect(state).toMatchObject({ user: null, isAuthenticated: false, error: 'Invalid', isLoading: false });
  });

  it('LOGOUT clears the user', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user });
    expect(authReducer(signedIn, { type: 'LOGOUT' })).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('RESTORE_SESSION marks restored and authenticates only when a user exists', () => {
    const withUser = authReducer(initialAuthState, { type: 'RESTORE_SESSION', user });
    expect(withUser).toMatchObject({ user, isAuthenticated: true, sessionRestored: true });
    const without = authReducer(initialAuthState, { type: 'RESTORE_SESSION', user: null });
    expect(without).toMatchObject({ user: null, isAuthenticated: false, sessionRestored: true });
  });

  it('UPDATE_USAGE sets the daily count of the current user, and is a no-op without one', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user });
    expect(authReducer(signedIn, { type: 'UPDATE_USAGE', count: 3 }).user?.daily_usage_count).toBe(3);
    expect(authReducer(initialAuthState, { type: 'UPDATE_USAGE', count: 3 })).toBe(initialAuthState);
  });

  it('RESET_DAILY_USAGE sets the count to 0 and the reset date to today', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user });
    const state = authReducer(signedIn, { type: 'RESET_DAILY_USAGE', today: '2026-11-21' });
    expect(state.user).toMatchObject({ daily_usage_count: 0, last_usage_reset: '2026-11-21' });
  });
});

describe('an unconfirmed sign-in (not a spec action)', () => {
  const problem = { status: 503, code: 'AUTH_UNAVAILABLE', message: 'We could not confirm your sign-in just now.' };

  it('is kept while nobody is signed in, and cleared when the sign-in is confirmed or ended', () => {
    const waiting = authReducer(authReducer(initialAuthState, { type: 'SIGN_IN_UNCONFIRMED', problem }), { type: 'RESTORE_SESSION', user: null });
    expect(waiting).toMatchObject({ user: null, sessionRestored: true, unconfirmed: problem });
    expect(authReducer(waiting, { type: 'LOGIN_SUCCESS', user }).unconfirmed).toBeNull();
    expect(authReducer(waiting, { type: 'LOGOUT' }).unconfirmed).toBeNull();
  });

  it('is ignored once someone is signed in (another tab confirmed it first)', () => {
    const signedIn = authReducer(initialAuthState, { type: 'LOGIN_SUCCESS', user });
    expect(authReducer(signedIn, { type: 'SIGN_IN_UNCONFIRMED', problem })).toBe(signedIn);
  });
});

describe('localDate', () => {
  it('formats the local calendar date with zero padding', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
