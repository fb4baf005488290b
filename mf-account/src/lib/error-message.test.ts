import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { errorMessage, NETWORK_ERROR_MESSAGE } from './error-message.ts';

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new ApiError(400, 'VALIDATION', 'You cannot demote yourself'), 'Fallback')).toBe(
      'You cannot demote yourself',
    );
  });

  it('says when the server could not be reached', () => {
    expect(errorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), 'Fallback')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('falls back when there is nothing to show', () => {
    expect(errorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new ApiError(500, 'NON_JSON', '500: <html>'), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
