import { initialAuthState, keishaStore, session, toSiteUser } from '@keisha/store';
import { authSuccess, type FakeApi } from '@keisha/config/testing/fake-api';

export const READER = { id: '33333333-3333-4333-8333-333333333333', email: 'reader@example.org', role: 'user' as const };

/** A restored session for `user`: the store holds them and the refresh cookie answers with a token. */
export function signedInAs(api: FakeApi, user: { id: string; email: string; role: 'user' | 'admin' } = READER) {
  api.on('POST /api/auth/refresh', authSuccess(user));
  keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: toSiteUser({ ...user, created_at: '2025-01-15T10:00:00.000Z' }) });
}

/** Nobody signed in, and the session restore has finished. */
export function signedOut(api: FakeApi) {
  api.on('POST /api/auth/refresh', { status: 401, json: { success: false, error: { code: 'SESSION_EXPIRED', message: 'Session expired' } } });
  keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: null });
}

/** Drops the session's in-memory token and the store's user between tests. */
export async function resetSession() {
  await session.signOut().catch(() => undefined);
  keishaStore.setState({ auth: initialAuthState });
}
