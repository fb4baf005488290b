import { serverMessageOf } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { csvExportError, WAITLIST_CSV_FILENAME, waitlistPath, WAITLIST_PAGE_SIZE } from './waitlist.ts';

describe('waitlistPath', () => {
  it('asks for one page', () => {
    expect(waitlistPath(3)).toBe(`/api/identity/admin/waitlist?page=3&page_size=${WAITLIST_PAGE_SIZE}`);
  });
});

describe('the CSV export', () => {
  it('is saved as keisha-waitlist.csv', () => {
    expect(WAITLIST_CSV_FILENAME).toBe('keisha-waitlist.csv');
  });

  it("keeps the server's message when the export is refused", () => {
    const error = csvExportError(403, JSON.stringify({ success: false, error: { code: 'FORBIDDEN', message: 'Admins only' } }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
    expect(serverMessageOf(error)).toBe('Admins only');
  });

  it('has no message to show when the body is not the error envelope', () => {
    expect(serverMessageOf(csvExportError(502, '<html>Bad gateway</html>'))).toBeUndefined();
    expect(serverMessageOf(csvExportError(500, JSON.stringify({ error: { message: ' ' } })))).toBeUndefined();
    expect(serverMessageOf(csvExportError(500, 'null'))).toBeUndefined();
  });
});
