import type { AdminUsersResponse } from '@keisha/contracts/identity';
import { session } from '@keisha/store';
import { usersListPath } from '../domain/users-query.ts';

/** GET ADMIN_PATHS.users: one page of accounts, searched by email (admins only). */
export function getAdminUsers(query: { query: string; page: number }, signal?: AbortSignal): Promise<AdminUsersResponse> {
  return session.request<AdminUsersResponse>(usersListPath(query), signal ? { signal } : {});
}
