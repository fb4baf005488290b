import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailVerified, KEY_BUILDER_WARNING, parseAccessClaims, registerAuth, verificationCacheKey, withoutKeyBuilderWarning } from './auth.ts';

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

describe('registerAuth', () => {
  it("leaves out fast-jwt's cache-key warning, and only that one", async () => {
    const seen: string[] = [];
    const listen = (warning: Error & { code?: string }) => seen.push(warning.code ?? warning.name);
    process.on('warning', listen);
    try {
      const app = Fastify();
      await registerAuth(app, { keys: async () => { throw new Error('no keys in this test'); } });
      await app.ready();
      await app.close();
      // Outside registerAuth the warning is printed as ever, and so is any other warning inside it.
      process.emitWarning('a custom cacheKeyBuilder', { code: KEY_BUILDER_WARNING });
      await withoutKeyBuilderWarning(async () => {
        process.emitWarning('a custom cacheKeyBuilder', 'Warning', KEY_BUILDER_WARNING); // the (type, code) form
        process.emitWarning('something else', { code: 'KEISHA_TEST_WARNING' });
      });
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(seen).toEqual([KEY_BUILDER_WARNING, 'KEISHA_TEST_WARNING']);
    } finally {
      process.off('warning', listen);
    }
  });
});

describe('the e-mail verification claim', () => {
  const base = { sub: '6f1c2a4e-9d1b-4c6f-8a51-2f0a9d3b7c11', sid: '0b7e6d0c-3a5f-4f7e-9b0a-5d8e2c1f4a22', email: 'a@example.org', role: 'user', iat: 1, exp: 2 };

  it('is read from the token, and a token from before the claim existed counts as confirmed', () => {
    expect(emailVerified(parseAccessClaims({ ...base, ev: false })!)).toBe(false);
    expect(emailVerified(parseAccessClaims({ ...base, ev: true })!)).toBe(true);
    expect(emailVerified(parseAccessClaims(base)!)).toBe(true);
  });

  it('counts an administrator as confirmed (the seeded one never gets a link)', () => {
    expect(emailVerified(parseAccessClaims({ ...base, role: 'admin', ev: false })!)).toBe(true);
  });

  it('refuses a token whose claim is not a boolean', () => {
    expect(parseAccessClaims({ ...base, ev: 'no' })).toBeUndefined();
  });
});
