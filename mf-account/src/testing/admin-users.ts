// What the admin console's tests (App.admin-*.test.tsx) share: account rows as identity's admin list returns them,
// the signed-in administrator's own row, that list served by the fake API, and the console opened on its users.
import type { AdminUserRow } from '@keisha/contracts/identity';
import { screen } from '@testing-library/react';
import type { FakeApi } from '@keisha/config/testing/fake-api';
import { renderApp } from './render-app.tsx';
import { ADMIN } from './session.ts';

export function userRow(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `person${n}@example.org`,
    role: 'user',
    created_at: '2025-03-05T12:00:00.000Z',
    disabled: false,
    last_sign_in_at: null,
    ...overrides,
  };
}

export const ownRow: AdminUserRow = { ...ADMIN, created_at: '2025-01-01T12:00:00.000Z', disabled: false, last_sign_in_at: null };

/** `serveUsers(rows, total)`: identity's admin list of users, served by `api` (a test file's fakeApiForEachTest). */
export function usersServedBy(api: FakeApi) {
  return function serveUsers(rows: AdminUserRow[], total = rows.length) {
    api.on('GET /api/identity/admin/users', (request) => ({
      json: { success: true, users: rows, total, page: Number(request.query.get('page') ?? 1), page_size: 20 },
    }));
  };
}

/** Opens the console as whoever is signed in, and waits for its users table. */
export async function openUsersTable() {
  renderApp('/admin');
  return screen.findByRole('table', { name: 'Users' });
}
