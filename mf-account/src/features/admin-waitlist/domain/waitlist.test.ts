import { describe, expect, it } from 'vitest';
import { WAITLIST_CSV_FILENAME, waitlistPath, WAITLIST_PAGE_SIZE } from './waitlist.ts';

describe('waitlistPath', () => {
  it('asks for one page', () => {
    expect(waitlistPath(3)).toBe(`/api/identity/admin/waitlist?page=3&page_size=${WAITLIST_PAGE_SIZE}`);
  });
});

describe('the CSV export', () => {
  it('is saved as keisha-waitlist.csv', () => {
    expect(WAITLIST_CSV_FILENAME).toBe('keisha-waitlist.csv');
  });
});
