import { describe, expect, it } from 'vitest';
import { linkTokenFrom, unlockNextFrom, validateEmail, validateNewPassword } from './link-page.ts';

const TOKEN = 'a'.repeat(40) + '_-9';

describe('link pages', () => {
  it('reads a well-formed token and nothing else', () => {
    expect(linkTokenFrom(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(linkTokenFrom('?token=short')).toBeNull();
    expect(linkTokenFrom(`?token=${TOKEN}<script>`)).toBeNull();
    expect(linkTokenFrom('')).toBeNull();
  });

  it('goes on only to pages it knows after a sign-in link', () => {
    expect(unlockNextFrom('?next=%2Fadmin')).toBe('/admin');
    expect(unlockNextFrom('?next=/bias-detection')).toBe('/bias-detection');
    expect(unlockNextFrom('?next=https://evil.example')).toBe('/');
    expect(unlockNextFrom('?next=//evil.example')).toBe('/');
    expect(unlockNextFrom('')).toBe('/');
  });

  it('asks for a password and the same again, and a plausible address', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({ password: 'Password is required', confirm: 'Please confirm your password' });
    expect(validateNewPassword({ password: 'quiet-meadow-copper', confirm: 'quiet-meadow' })).toEqual({ confirm: 'Passwords do not match' });
    expect(validateNewPassword({ password: 'quiet-meadow-copper', confirm: 'quiet-meadow-copper' })).toEqual({});
    // The page's hint states identity's rule, and the length is checked before the link is spent on a refusal.
    expect(validateNewPassword({ password: 'short12', confirm: 'short12' })).toEqual({ password: 'Password must be at least 8 characters long.' });
    expect(validateEmail(' ')).toBe('Email is required');
    expect(validateEmail('nope')).toBe('Please enter a valid email address');
    expect(validateEmail(' reader@example.org ')).toBeUndefined();
  });
});
