import { describe, expect, it } from 'vitest';
import { hashApiKey, hashMatches, keyFromAuthorization, newApiKey, prefixOf, usageDay } from './api-keys.ts';

describe('API keys', () => {
  it('makes kei_live_ keys of 32 random bytes, a 13-character prefix and a SHA-256 hash', () => {
    const key = newApiKey();
    expect(key.secret).toMatch(/^kei_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 13));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hash).toBe(hashApiKey(key.secret));
    expect(newApiKey().secret).not.toBe(key.secret);
  });

  it('derives everything from the random bytes it is given', () => {
    const key = newApiKey((size) => Buffer.alloc(size, 0xab));
    expect(key.secret).toBe(`kei_live_${Buffer.alloc(32, 0xab).toString('base64url')}`);
    expect(prefixOf(key.secret)).toBe('kei_live_q6ur');
  });

  it('reads a key only from a well-formed Bearer header', () => {
    const { secret } = newApiKey();
    expect(keyFromAuthorization(`Bearer ${secret}`)).toBe(secret);
    for (const header of [undefined, '', secret, `Basic ${secret}`, `Bearer ${secret}x`, `Bearer ${secret.slice(0, -1)}`, 'Bearer kei_test_' + 'a'.repeat(43), `Bearer  ${secret}`]) {
      expect(keyFromAuthorization(header)).toBeUndefined();
    }
  });

  it('matches a stored hash only with its own key', () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(hashMatches(a.hash, a.secret)).toBe(true);
    expect(hashMatches(a.hash, b.secret)).toBe(false);
    expect(hashMatches('zz', a.secret)).toBe(false);
  });

  it('counts on the UTC day', () => {
    expect(usageDay(new Date('2026-11-24T23:59:59-05:00'))).toBe('2026-11-25');
  });
});
