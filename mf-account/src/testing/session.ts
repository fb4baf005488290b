import { keishaStore, session, toSiteUser } from '@keisha/store';
import { afterEach, beforeEach, vi } from 'vitest';
import { authSuccess, fakeApi, type FakeApi } from '@keisha/config/testing/fake-api';
import { apiFailure } from './api-failure.ts';

export const ADMIN = { id: '11111111-1111-4111-8111-111111111111', email: 'admin@example.org', role: 'admin' as const };
export const MEMBER = { id: '22222222-2222-4222-8222-222222222222', email: 'member@example.org', role: 'user' as const };

/** A restored session for `user`: the store holds them and the refresh cookie answers with a token. */
export function signedInAs(api: FakeApi, user: { id: string; email: string; role: 'user' | 'admin' }) {
  api.on('POST /api/auth/refresh', authSuccess(user));
  keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: toSiteUser({ ...user, created_at: '2025-01-15T10:00:00.000Z' }) });
}

/** Nobody signed in, and the session restore has finished. */
export function signedOut(api: FakeApi) {
  api.on('POST /api/auth/refresh', apiFailure(401, 'SESSION_EXPIRED', 'Session expired'));
  keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: null });
}

/** Drops the session's in-memory token and the store's user between tests. */
export async function resetSession() {
  await session.signOut().catch(() => undefined);
  keishaStore.getState().dispatchAuth({ type: 'LOGOUT' });
}

/**
 * A fresh fake API as `fetch` for each test of the file, and the session reset after it (the set-up every App
 * test file had written out). The object returned stands for the current test's API.
 */
export function fakeApiForEachTest(): FakeApi {
  let current = fakeApi();
  beforeEach(() => {
    current = fakeApi();
    vi.stubGlobal('fetch', current.fetch);
  });
  afterEach(async () => {
    await resetSession();
    vi.unstubAllGlobals();
  });
  return {
    fetch: ((input, init) => current.fetch(input, init)) as typeof fetch,
    get calls() {
      return current.calls;
    },
    on: (route, handler) => current.on(route, handler),
    callsTo: (route) => current.callsTo(route),
  };
}
