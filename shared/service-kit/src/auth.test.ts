import { describe, expect, it } from 'vitest';
import { verificationCacheKey } from './auth.ts';

describe('verificationCacheKey', () => {
  it('keys a token of the size identity issues by the token itself', () => {
    const token = `eyJhbGciOiJFZERTQSJ9.${'a'.repeat(700)}.sig_-`;
    expect(verificationCacheKey(token)).toBe(token);
  });

  it('keys a longer token by its hash, marked so that it can never equal a token', () => {
    const long = `eyJhbGciOiJFZERTQSJ9.${'a'.repeat(3000)}.sig`;
    const other = `eyJhbGciOiJFZERTQSJ9.${'a'.repeat(3000)}.sih`;
    const key = verificationCacheKey(long);
    expect(key).toMatch(/^#[A-Za-z0-9+/]{43}=$/);
    expect(key).not.toMatch(/^[A-Za-z0-9_.-]+$/); // what a bearer token may hold (auth's header check)
    expect(verificationCacheKey(other)).not.toBe(key);
    expect(verificationCacheKey(long)).toBe(key);
  });
});
