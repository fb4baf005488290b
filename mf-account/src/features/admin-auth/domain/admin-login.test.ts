import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { adminLoginBody, adminLoginErrorMessage, canSubmitAdminLogin } from './admin-login.ts';

describe('canSubmitAdminLogin', () => {
  it('needs both an email and a password', () => {
    expect(canSubmitAdminLogin({ email: '', password: '' }, false)).toBe(false);
    expect(canSubmitAdminLogin({ email: 'admin@keisha.ai', password: '' }, false)).toBe(false);
    expect(canSubmitAdminLogin({ email: '', password: 'secret' }, false)).toBe(false);
    expect(canSubmitAdminLogin({ email: '   ', password: 'secret' }, false)).toBe(false);
    expect(canSubmitAdminLogin({ email: 'admin@keisha.ai', password: 'secret' }, false)).toBe(true);
  });

  it('refuses a second submit while busy', () => {
    expect(canSubmitAdminLogin({ email: 'admin@keisha.ai', password: 'secret' }, true)).toBe(false);
  });
});

describe('adminLoginBody', () => {
  it('trims the email but keeps the password as typed', () => {
    expect(adminLoginBody({ email: '  admin@keisha.ai ', password: ' pass word ' })).toEqual({
      email: 'admin@keisha.ai',
      password: ' pass word ',
    });
  });
});

describe('adminLoginErrorMessage', () => {
  it("shows the server's message", () => {
    expect(adminLoginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid login credentials'))).toBe(
      'Invalid login credentials',
    );
    expect(adminLoginErrorMessage(new ApiError(404, 'NOT_FOUND', 'No route POST /api/auth/admin/login'))).toBe(
      'No route POST /api/auth/admin/login',
    );
    // An error answer with a message but no code (apiRequest calls it SERVER_ERROR).
    expect(adminLoginErrorMessage(new ApiError(403, 'SERVER_ERROR', 'Admin access only'))).toBe('Admin access only');
  });

  it("falls back to 'An unexpected error occurred' when the server sent no message", () => {
    expect(adminLoginErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe('An unexpected error occurred');
    expect(adminLoginErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'))).toBe(
      'An unexpected error occurred',
    );
    expect(adminLoginErrorMessage(new ApiError(500, 'NON_JSON', '500: <html>'))).toBe('An unexpected error occurred');
    expect(adminLoginErrorMessage(new ApiError(400, 'VALIDATION', '  '))).toBe('An unexpected error occurred');
    expect(adminLoginErrorMessage(new Error('boom'))).toBe('An unexpected error occurred');
    expect(adminLoginErrorMessage(null)).toBe('An unexpected error occurred');
  });
});

describe("adminLoginErrorMessage with the session's errors", () => {
  it("reads the message of an ApiError made by another bundle's copy of the contracts", () => {
    const foreign = Object.assign(new Error('This account is not an administrator'), {
      name: 'ApiError',
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(adminLoginErrorMessage(foreign)).toBe('This account is not an administrator');
  });
});
