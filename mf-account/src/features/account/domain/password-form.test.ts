import { ApiError } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import {
  passwordChangeBody,
  passwordChangeErrorField,
  passwordChangeErrorMessage,
  PASSWORD_MESSAGES,
  validatePasswordChange,
} from './password-form.ts';

describe('validatePasswordChange', () => {
  it('accepts a good change', () => {
    expect(validatePasswordChange({ current: 'old-pass', next: 'new-pass', confirm: 'new-pass' })).toEqual({});
  });

  it('needs every field', () => {
    expect(validatePasswordChange({ current: '', next: '', confirm: '' })).toEqual({
      current: 'Enter your current password',
      next: 'Password is required',
      confirm: 'Please confirm your password',
    });
  });

  it('needs at least 6 characters', () => {
    expect(validatePasswordChange({ current: 'old-pass', next: '12345', confirm: '12345' }).next).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validatePasswordChange({ current: 'old-pass', next: '1234567', confirm: '1234567' }).next).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(validatePasswordChange({ current: 'old-pass', next: '12345678', confirm: '12345678' })).toEqual({});
  });

  it('refuses an absurdly long one', () => {
    const long = 'x'.repeat(257);
    expect(validatePasswordChange({ current: 'old-pass', next: long, confirm: long }).next).toBe(
      'Password must be at most 256 characters long',
    );
  });

  it('needs the confirmation to match', () => {
    expect(validatePasswordChange({ current: 'old-pass', next: 'new-pass', confirm: 'new-pas' }).confirm).toBe(
      'Passwords do not match',
    );
  });

  it('needs the new password to differ from the current one', () => {
    expect(validatePasswordChange({ current: 'same-pass', next: 'same-pass', confirm: 'same-pass' }).next).toBe(
      PASSWORD_MESSAGES.sameAsCurrent,
    );
  });
});

describe('passwordChangeBody', () => {
  it('sends both passwords as typed', () => {
    expect(passwordChangeBody({ current: ' old ', next: ' new pass ', confirm: ' new pass ' })).toEqual({
      current_password: ' old ',
      new_password: ' new pass ',
    });
  });
});

describe('passwordChangeErrorField', () => {
  it('puts a wrong current password under that field and a refused new password under the new one', () => {
    expect(passwordChangeErrorField(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe('current');
    expect(passwordChangeErrorField(new ApiError(400, 'WEAK_PASSWORD', 'This is a commonly used password.'))).toBe('next');
    expect(passwordChangeErrorField(new ApiError(429, 'RATE_LIMITED', 'Too many requests.'))).toBeUndefined();
  });
});

describe('passwordChangeErrorMessage', () => {
  it('names a wrong current password', () => {
    expect(passwordChangeErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password'))).toBe(
      'Your current password is incorrect.',
    );
  });

  it("shows the server's other messages, or a fallback", () => {
    expect(passwordChangeErrorMessage(new ApiError(400, 'VALIDATION', 'Password must be at least 6 characters long'))).toBe(
      'Password must be at least 6 characters long',
    );
    expect(passwordChangeErrorMessage(new ApiError(502, 'HTTP_ERROR', 'Request failed (502)'))).toBe(PASSWORD_MESSAGES.failed);
  });
});
