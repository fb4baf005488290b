// @vitest-environment jsdom
// The session against a fake identity: only identity's 401 ends a session. An identity that is down, failing
// or slow leaves the reader's sign-in unconfirmed, never signed out, and the session asks again by itself.
import { ApiError } from '@keisha/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_UNCONFIRMED_MESSAGE } from './domain/auth.ts';
import { CONFIRM_BACKOFF, createSession } from './session.ts';
import { createKeishaStore } from './store.ts';

const USER = { id: 'u1', email: 'reader@example.org', role: 'user' as const, created_at: '2030-01-01T00:00:00.000Z' };
const signedInAnswer = () => json(200, { success: true, user: USER, token: 'fresh-token', expires_in: 900 });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number, code: string, message: string) => json(status, { success: false, error: { code, message } });
const AUTH_DOWN = 'We could not confirm your sign-in just now. Please try again in a moment.';

type Answer = Response | Error;
let refreshAnswers: Answer[];
let calls: string[];

function setUp() {
  const store = createKeishaStore(undefined);
  const session = createSession(store);
  return { store, session, auth: () => store.getState().auth };
}

beforeEach(() => {
  vi.useFakeTimers();
  refreshAnswers = [];
  calls = [];
  // The readable hint identity's sign-in leaves: the browser may hold a session.
  document.cookie = 'keisha_session=1; path=/';
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${input}`);
    if (input === '/api/auth/refresh') {
      const next = refreshAnswers.shift() ?? new TypeError('Failed to fetch');
      if (next instanceof Error) throw next;
      return next;
    }
    return json(200, { success: true, path: input, authorization: new Headers(init.headers).get('authorization') });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'keisha_session=; max-age=0; path=/';
  localStorage.clear();
});

const refreshes = () => calls.filter((call) => call === 'POST /api/auth/refresh').length;

describe('restoring a session', () => {
  it('signs the reader in when identity answers', async () => {
    refreshAnswers = [signedInAnswer()];
    const { session, auth } = setUp();
    await session.restore();
    expect(auth()).toMatchObject({ user: { id: 'u1', email: USER.email }, isAuthenticated: true, sessionRestored: true, unconfirmed: null });
  });

  it('ends the session only on identity’s 401', async () => {
    refreshAnswers = [failure(401, 'SESSION_EXPIRED', 'Session expired')];
    const { session, auth } = setUp();
    await session.restore();
    expect(auth()).toMatchObject({ user: null, sessionRestored: true, unconfirmed: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refreshes()).toBe(1);
  });

  it('keeps a sign-in identity cannot confirm (503), says why, and confirms it by itself when identity is back', async () => {
    refreshAnswers = [failure(503, 'AUTH_UNAVAILABLE', AUTH_DOWN), failure(502, 'UPSTREAM_UNAVAILABLE', 'The identity service is not reachable.'), signedInAnswer()];
    localStorage.setItem('keisha.signed-in', '1');
    const { session, auth } = setUp();
    await session.restore();
    expect(auth()).toMatchObject({ user: null, sessionRestored: true, unconfirmed: { status: 503, code: 'AUTH_UNAVAILABLE', message: AUTH_DOWN } });
    // Nothing of the sign-in is forgotten: the hint that saves the landing-page flash stays.
    expect(localStorage.getItem('keisha.signed-in')).toBe('1');

    // Asked again after the first pause (2 s, give or take the jitter), then after a longer one.
    await vi.advanceTimersByTimeAsync(CONFIRM_BACKOFF.firstMs * (1 + CONFIRM_BACKOFF.jitter));
    expect(refreshes()).toBe(2);
    expect(auth().unconfirmed).toMatchObject({ status: 502, message: 'The identity service is not reachable.' });
    await vi.advanceTimersByTimeAsync(2 * CONFIRM_BACKOFF.firstMs * (1 + CONFIRM_BACKOFF.jitter));
    expect(refreshes()).toBe(3);
    expect(auth()).toMatchObject({ user: { id: 'u1' }, isAuthenticated: true, unconfirmed: null });

    // Confirmed: nothing more is asked.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refreshes()).toBe(3);
  });

  it('says the sign-in could not be confirmed, in its own words, when identity cannot be reached at all', async () => {
    refreshAnswers = [new TypeError('Failed to fetch')];
    const { session, auth } = setUp();
    await session.restore();
    expect(auth().unconfirmed).toEqual({ status: 0, code: 'NETWORK_ERROR', message: SIGN_IN_UNCONFIRMED_MESSAGE });
  });

  it('asks at once on Try Again, and a 401 then ends the wait signed out', async () => {
    refreshAnswers = [failure(503, 'AUTH_UNAVAILABLE', AUTH_DOWN), failure(401, 'SESSION_EXPIRED', 'Session expired')];
    const { session, auth } = setUp();
    await session.restore();
    await session.confirm();
    expect(refreshes()).toBe(2);
    expect(auth()).toMatchObject({ user: null, unconfirmed: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refreshes()).toBe(2);
  });

  it('asks at once when the browser comes back online', async () => {
    refreshAnswers = [new TypeError('Failed to fetch'), signedInAnswer()];
    const { session, auth } = setUp();
    await session.restore();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(auth().user?.id).toBe('u1');
  });

  it('asks nothing, and waits for nothing, for a visitor who never signed in', async () => {
    document.cookie = 'keisha_session=; max-age=0; path=/';
    const { session, auth } = setUp();
    await session.restore();
    expect(auth()).toMatchObject({ user: null, sessionRestored: true, unconfirmed: null });
    expect(calls).toEqual([]);
  });
});

describe('a signed-in reader whose token needs renewing', () => {
  async function signedIn() {
    refreshAnswers = [signedInAnswer()];
    const parts = setUp();
    await parts.session.restore();
    return parts;
  }

  it('stays signed in when identity cannot renew the token: the request fails with identity’s reason', async () => {
    const { session, auth } = await signedIn();
    refreshAnswers = [failure(503, 'AUTH_UNAVAILABLE', AUTH_DOWN)];
    const error = await session.renewAccessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'AUTH_UNAVAILABLE', message: AUTH_DOWN });
    expect(auth()).toMatchObject({ user: { id: 'u1' }, isAuthenticated: true });
  });

  it('stays signed in when a request’s expired token cannot be renewed for want of identity', async () => {
    const { session, auth } = await signedIn();
    // The token has lapsed: the next request asks identity for another, which is down.
    await vi.advanceTimersByTimeAsync(900_000);
    refreshAnswers = [new TypeError('Failed to fetch')];
    const error = await session.request('/api/chat/usage').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(auth().user?.id).toBe('u1');
  });

  it('is signed out when identity says the session is over', async () => {
    const { session, auth } = await signedIn();
    refreshAnswers = [failure(401, 'SESSION_REVOKED', 'Session revoked')];
    expect(await session.renewAccessToken()).toBeNull();
    expect(auth()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('renews with a new token when identity answers', async () => {
    const { session } = await signedIn();
    refreshAnswers = [signedInAnswer()];
    expect(await session.renewAccessToken()).toBe('fresh-token');
    expect(refreshes()).toBe(2);
  });
});

describe('signing out', () => {
  it('leaves nothing of the account in the browser but the device’s own preferences', async () => {
    refreshAnswers = [signedInAnswer()];
    const { session, auth } = setUp();
    await session.restore();
    localStorage.setItem('keisha.decoder.usage', JSON.stringify({ subject: 'u1', day: '2030-01-01', usage: {} }));
    localStorage.setItem('keisha.theme', 'dark');
    localStorage.setItem('another.site', 'kept');
    sessionStorage.setItem('keisha.chat.current-session', 'c1');
    await session.signOut();
    expect(auth()).toMatchObject({ user: null, isAuthenticated: false });
    expect(localStorage.getItem('keisha.decoder.usage')).toBeNull();
    expect(localStorage.getItem('keisha.signed-in')).toBeNull();
    expect(sessionStorage.getItem('keisha.chat.current-session')).toBeNull();
    expect(localStorage.getItem('keisha.theme')).toBe('dark');
    expect(localStorage.getItem('another.site')).toBe('kept');
  });

  it('clears the same when identity ends the session (401), but not while identity is only unreachable', async () => {
    refreshAnswers = [failure(503, 'AUTH_UNAVAILABLE', AUTH_DOWN)];
    localStorage.setItem('keisha.signed-in', '1');
    localStorage.setItem('keisha.decoder.usage', 'kept while unconfirmed');
    const { session } = setUp();
    await session.restore();
    expect(localStorage.getItem('keisha.decoder.usage')).toBe('kept while unconfirmed');
    refreshAnswers = [failure(401, 'SESSION_EXPIRED', 'Session expired')];
    await session.confirm();
    expect(localStorage.getItem('keisha.decoder.usage')).toBeNull();
  });
});
