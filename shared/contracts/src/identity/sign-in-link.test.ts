import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, readSignInLink, signInLink } from './sign-in-link.ts';

describe('the decoder sign-in link', () => {
  it('round-trips the mode and a path of this site', () => {
    expect(signInLink('/pricing?plan=annual')).toBe('/bias-detection?account=sign-in&next=%2Fpricing%3Fplan%3Dannual');
    expect(readSignInLink(new URL(signInLink('/pricing?plan=annual'), 'http://x').search)).toEqual({ mode: 'sign-in', next: '/pricing?plan=annual' });
    expect(readSignInLink('?account=create-account')).toEqual({ mode: 'create-account', next: null });
  });

  it('never returns anywhere but this site, and ignores other queries', () => {
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/a b', '/x\u0000', `/${'a'.repeat(600)}`, '']) {
      expect(isSafeReturnPath(next), next).toBe(false);
      expect(readSignInLink(`?account=sign-in&next=${encodeURIComponent(next)}`)).toEqual({ mode: 'sign-in', next: null });
    }
    expect(signInLink('//evil.example')).toBe('/bias-detection?account=sign-in');
    for (const search of ['', '?account=admin', '?next=/pricing', '?account=']) expect(readSignInLink(search)).toBeNull();
  });
});
