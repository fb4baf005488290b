import { ADMIN_PATHS } from '@keisha/contracts/identity';
import { pathWithQuery } from '../../../lib/query-string.ts';

export const USERS_PAGE_SIZE = 20;
/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What is searched: the email as typed, without stray spaces. */
export function normaliseSearch(text: string): string {
  return text.trim();
}

/** GET /api/identity/admin/users?q=&page=&page_size= (no q when the search is blank). */
export function usersListPath({ query, page }: { query: string; page: number }): string {
  return pathWithQuery(ADMIN_PATHS.users, { q: normaliseSearch(query), page, page_size: USERS_PAGE_SIZE });
}

/** The `user_ids` list of the plan and usage look-ups: each id once, in table order. */
export function userIdsOf(users: readonly { id: string }[]): string[] {
  return [...new Set(users.map((user) => user.id))];
}

/** The page to ask for: the one asked for while the search is unchanged, otherwise the first. */
export function pageForSearch(paging: { query: string; page: number }, query: string): number {
  return paging.query === query ? paging.page : 1;
}
