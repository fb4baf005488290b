import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { demoRequestsPath, DEMO_REQUESTS_PAGE_SIZE, isNotAvailableYet } from './demo-requests.ts';

describe('demoRequestsPath', () => {
  it('asks billing for one page', () => {
    expect(demoRequestsPath(2)).toBe(`/api/billing/admin/demo-requests?page=2&page_size=${DEMO_REQUESTS_PAGE_SIZE}`);
  });
});

describe('isNotAvailableYet', () => {
  it('reads a missing route as not available yet', () => {
    expect(isNotAvailableYet(new ApiError(404, 'NOT_FOUND', 'Route GET:/api/billing/admin/demo-requests not found'))).toBe(true);
    expect(isNotAvailableYet(new ApiError(501, 'NOT_IMPLEMENTED', 'Not implemented'))).toBe(true);
  });

  it('treats anything else as a failure', () => {
    expect(isNotAvailableYet(new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'))).toBe(false);
    expect(isNotAvailableYet(new ApiError(403, 'FORBIDDEN', 'Admins only'))).toBe(false);
    expect(isNotAvailableYet(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(false);
    expect(isNotAvailableYet(new Error('404'))).toBe(false);
  });
});
