import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-error.ts';

const api = (status: number, code: string, message: string) => new ApiError(status, code, message);

describe('authErrorMessage: sign in', () => {
  const login = (error: unknown) => authErrorMessage('sign-in', error);

  it('explains a network failure', () => {
    const expected = 'Unable to connect to authentication server. Please check your internet connection and try again.';
    expect(login(api(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(expected);
    expect(login(api(0, 'ANYTHING', 'offline'))).toBe(expected);
  });

  it('turns a 401, or any message about invalid input, into the credentials message', () => {
    const expected = 'Invalid email or password. Please check your credentials and try again.';
    expect(login(api(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe(expected);
    expect(login(api(401, 'HTTP_ERROR', 'Request failed (401)'))).toBe(expected);
    expect(login(api(422, 'BAD_INPUT', 'Invalid payload'))).toBe(expected);
  });

  it('asks the reader to wait after too many attempts', () => {
    expect(login(api(429, 'RATE_LIMITED', 'Slow down'))).toBe(
      'Too many login attempts. Please wait a few minutes before trying again.',
    );
  });

  it('shows the real status and text of an answer that is not JSON', () => {
    expect(login(api(502, 'NON_JSON', '502: Bad Gateway'))).toBe(
      'Server returned 502: Bad Gateway. Please check your API configuration.',
    );
    expect(login(api(404, 'NON_JSON', '404: <html>\n  <body>Not Found</body>\n</html>'))).toBe(
      'Server returned 404: <html> <body>Not Found</body> </html>. Please check your API configuration.',
    );
  });

  it("shows the server's own message for any other failure", () => {
    expect(login(api(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Contact support.'))).toBe(
      'This account has been disabled. Contact support.',
    );
  });

  it("says 'Login failed (status)' when the server gave no message", () => {
    expect(login(api(500, 'HTTP_ERROR', 'Request failed (500)'))).toBe('Login failed (500)');
    expect(login(api(503, 'SERVICE_UNAVAILABLE', '   '))).toBe('Login failed (503)');
  });
});

describe('authErrorMessage: create account', () => {
  const register = (error: unknown) => authErrorMessage('create-account', error);

  it('explains a network failure', () => {
    expect(register(api(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(
      'Unable to connect to registration server. Please check your internet connection and try again.',
    );
  });

  it('suggests signing in when the account exists', () => {
    const expected = 'An account with this email already exists. Please try logging in instead.';
    expect(register(api(409, 'ACCOUNT_EXISTS', 'An account with this email already exists'))).toBe(expected);
    expect(register(api(422, 'DUPLICATE', 'User exists'))).toBe(expected);
  });

  it('points at the requirements for a validation failure, with the server\'s reason', () => {
    const requirements = 'Please check that your email and password meet the requirements.';
    expect(register(api(400, 'VALIDATION', 'Password must be at least 6 characters long'))).toBe(`${requirements} Password must be at least 6 characters long`);
    expect(register(api(400, 'WEAK_PASSWORD', 'This is a heavily used password. Add more words that are less common.'))).toBe(
      `${requirements} This is a heavily used password. Add more words that are less common.`,
    );
    expect(register(api(400, 'HTTP_ERROR', 'Request failed (400)'))).toBe(requirements);
  });

  it('says when an address may sign up again after the daily cap', () => {
    expect(register(api(429, 'RATE_LIMITED', 'Too many accounts have been created from your network today. Please try again tomorrow.'))).toBe(
      'Registration failed (429). Too many accounts have been created from your network today. Please try again tomorrow.',
    );
  });

  it('shows the real status and text of an answer that is not JSON', () => {
    expect(register(api(500, 'NON_JSON', '500: oops'))).toBe(
      'Server returned 500: oops. Please check your API configuration.',
    );
  });

  it("says 'Registration failed (status)' otherwise", () => {
    expect(register(api(500, 'HTTP_ERROR', 'Request failed (500)'))).toBe('Registration failed (500)');
    expect(register(api(429, 'HTTP_ERROR', 'Request failed (429)'))).toBe('Registration failed (429)');
  });
});

describe('authErrorMessage: anything else', () => {
  it.each([new Error('kaput'), new TypeError('x is undefined'), 'a string', undefined, null, { status: '500' }])(
    'says authentication failed for %j',
    (error) => {
      expect(authErrorMessage('sign-in', error)).toBe('Authentication failed. Please try again.');
      expect(authErrorMessage('create-account', error)).toBe('Authentication failed. Please try again.');
    },
  );

  it("recognises an ApiError built by another app's copy of the contracts", () => {
    const foreign = Object.assign(new Error('Invalid email or password'), { name: 'ApiError', status: 401, code: 'INVALID_CREDENTIALS' });
    expect(authErrorMessage('sign-in', foreign)).toBe('Invalid email or password. Please check your credentials and try again.');
  });
});
