import { describe, expect, it } from 'vitest';
import { normaliseSearch, pageForSearch, userIdsOf, usersListPath, USERS_PAGE_SIZE } from './users-query.ts';

describe('usersListPath', () => {
  it('asks for one page of users, searched by email', () => {
    expect(usersListPath({ query: 'ann@', page: 2 })).toBe(
      `/api/identity/admin/users?q=ann%40&page=2&page_size=${USERS_PAGE_SIZE}`,
    );
  });

  it('sends no q for a blank search', () => {
    expect(usersListPath({ query: '   ', page: 1 })).toBe(`/api/identity/admin/users?page=1&page_size=${USERS_PAGE_SIZE}`);
  });
});

describe('normaliseSearch', () => {
  it('trims', () => {
    expect(normaliseSearch('  Ann@Example.org ')).toBe('Ann@Example.org');
  });
});

describe('userIdsOf', () => {
  it('lists each id once', () => {
    expect(userIdsOf([{ id: 'a' }, { id: 'b' }, { id: 'a' }])).toEqual(['a', 'b']);
    expect(userIdsOf([])).toEqual([]);
  });
});

describe('pageForSearch', () => {
  it('goes back to the first page when the search changes', () => {
    expect(pageForSearch({ query: 'ann', page: 3 }, 'ann')).toBe(3);
    expect(pageForSearch({ query: 'ann', page: 3 }, 'bob')).toBe(1);
  });
});
