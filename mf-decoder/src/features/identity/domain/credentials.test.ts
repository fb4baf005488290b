import { describe, expect, it } from 'vitest';
import {
  clearFieldError,
  credentialsBody,
  EMPTY_CREDENTIALS,
  firstInvalidField,
  validateCredentials,
  type CredentialValues,
} from './credentials.ts';

const valid: CredentialValues = { email: 'reader@example.org', password: 'quiet-meadow', confirmPassword: 'quiet-meadow' };

describe('validateCredentials', () => {
  it('accepts a well-formed address and a long enough password in both modes', () => {
    expect(validateCredentials('sign-in', valid)).toEqual({});
    expect(validateCredentials('create-account', valid)).toEqual({});
  });

  it('requires every field, with the spec messages', () => {
    expect(validateCredentials('sign-in', EMPTY_CREDENTIALS)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateCredentials('create-account', EMPTY_CREDENTIALS)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('treats an address of spaces as missing', () => {
    expect(validateCredentials('sign-in', { ...valid, email: '   ' }).email).toBe('Email is required');
  });

  it.each(['reader', 'reader@', '@example.org', 'reader@example', 'rea der@example.org', '<b>@example.org'])(
    'refuses %j as an address',
    (email) => {
      expect(validateCredentials('sign-in', { ...valid, email }).email).toBe('Please enter a valid email address');
    },
  );

  it('ignores spaces around an otherwise valid address', () => {
    expect(validateCredentials('sign-in', { ...valid, email: '  reader@example.org ' })).toEqual({});
  });

  it('wants at least 6 characters of password', () => {
    expect(validateCredentials('sign-in', { ...valid, password: '12345' }).password).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateCredentials('sign-in', { ...valid, password: '123456' }).password).toBeUndefined();
    // Spaces count: the password is used exactly as typed.
    expect(validateCredentials('sign-in', { ...valid, password: '      ' }).password).toBeUndefined();
  });

  it("wants a new account's password as long as identity's policy asks, as the hint says", () => {
    const account = (password: string) => validateCredentials('create-account', { ...valid, password, confirmPassword: password }).password;
    expect(account('12345')).toBe('Password must be at least 6 characters long');
    expect(account('1234567')).toBe('Password must be at least 8 characters long.');
    expect(account('12345678')).toBeUndefined();
    // Signing in keeps the spec's 6: an account's password is checked by identity, not here.
    expect(validateCredentials('sign-in', { ...valid, password: '1234567' }).password).toBeUndefined();
  });

  it('refuses a password longer than the service accepts', () => {
    expect(validateCredentials('sign-in', { ...valid, password: 'x'.repeat(257) }).password).toBe(
      'Password must be at most 256 characters long',
    );
  });

  it('checks the confirmation only when creating an account', () => {
    const mismatch = { ...valid, confirmPassword: 'secret2' };
    expect(validateCredentials('sign-in', mismatch)).toEqual({});
    expect(validateCredentials('create-account', mismatch)).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validateCredentials('create-account', { ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your password',
    });
  });

  it('still compares the confirmation when the password itself is too short', () => {
    expect(validateCredentials('create-account', { email: 'a@b.io', password: '123', confirmPassword: '124' })).toEqual({
      password: 'Password must be at least 6 characters long',
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form', () => {
    expect(firstInvalidField({ confirmPassword: 'x', password: 'y' })).toBe('password');
    expect(firstInvalidField({ confirmPassword: 'x' })).toBe('confirmPassword');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('clearFieldError', () => {
  it('removes only the edited field', () => {
    expect(clearFieldError({ email: 'a', password: 'b' }, 'email')).toEqual({ password: 'b' });
  });

  it('returns the same object when there was nothing to clear', () => {
    const errors = { password: 'b' };
    expect(clearFieldError(errors, 'email')).toBe(errors);
  });
});

describe('credentialsBody', () => {
  it('trims the address and keeps the password as typed', () => {
    expect(credentialsBody({ email: ' reader@example.org ', password: ' pass word ', confirmPassword: '' })).toEqual({
      email: 'reader@example.org',
      password: ' pass word ',
    });
  });
});
