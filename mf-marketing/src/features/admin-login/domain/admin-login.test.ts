import { ApiError } from '@keisha/contracts';
import { AUTH_MESSAGES } from '@keisha/contracts/identity';
import { describe, expect, it } from 'vitest';
import { adminLoginBody, adminLoginErrorMessage, isCompleteAdminLogin } from './admin-login.ts';

describe('isCompleteAdminLogin', () => {
  it('needs both an address and a password', () => {
    expect(isCompleteAdminLogin({ email: 'admin@example.org', password: 'secret1' })).toBe(true);
    expect(isCompleteAdminLogin({ email: '  ', password: 'secret1' })).toBe(false);
    expect(isCompleteAdminLogin({ email: 'admin@example.org', password: '' })).toBe(false);
  });
});

describe('adminLoginBody', () => {
  it('trims the address and keeps the password as typed', () => {
    expect(adminLoginBody({ email: ' admin@example.org ', password: ' pw ' })).toEqual({ email: 'admin@example.org', password: ' pw ' });
  });
});

describe('adminLoginErrorMessage', () => {
  it("shows the server's message", () => {
    expect(adminLoginErrorMessage(new ApiError(403, 'FORBIDDEN', AUTH_MESSAGES.adminOnly))).toBe('This account is not an administrator');
    expect(adminLoginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe('Invalid email or password');
  });

  it("takes the server's message from an ApiError built by another app's copy of the contracts", () => {
    const foreign = Object.assign(new Error('This account is not an administrator'), { name: 'ApiError', status: 403, code: 'FORBIDDEN' });
    expect(adminLoginErrorMessage(foreign)).toBe('This account is not an administrator');
  });

  it("says 'An unexpected error occurred' when the server sent no message of its own", () => {
    for (const error of [
      new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'),
      new ApiError(502, 'NON_JSON', '502: Bad Gateway'),
      new ApiError(500, 'HTTP_ERROR', 'Request failed (500)'),
      new ApiError(500, 'INTERNAL', '  '),
      new Error('kaput'),
      'a string',
      undefined,
    ]) {
      expect(adminLoginErrorMessage(error)).toBe('An unexpected error occurred');
    }
  });
});
