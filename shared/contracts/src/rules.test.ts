import { describe, expect, it } from 'vitest';
import { isDeliverableEmailShape, normalizeEmailAddress } from './rules.ts';
import { hasInvisibleCharacter } from './text.ts';

describe('email addresses with invisible characters', () => {
  it.each([
    ['a right-to-left override', '\u202eevil@b.c'],
    ['a bidi override in the domain', 'ada@exa\u202emple.org'],
    ['a zero-width space', 'ada\u200b@example.org'],
    ['a zero-width joiner', 'a\u200dda@example.org'],
    ['a byte order mark inside', 'ada\ufeff@example.org'],
    ['a soft hyphen', 'ada@exam\u00adple.org'],
    ['a Hangul filler', 'ada\u3164@example.org'],
    ['a control character', 'ada\u0007@example.org'],
  ])('%s is refused', (_label, raw) => {
    expect(hasInvisibleCharacter(raw)).toBe(true);
    expect(isDeliverableEmailShape(normalizeEmailAddress(raw))).toBe(false);
  });

  it('ordinary and internationalised addresses pass', () => {
    for (const email of ['ada@example.org', 'josé@exämple.de', 'o\'brien@example.ie', 'ada+news@example.org']) {
      expect(hasInvisibleCharacter(email)).toBe(false);
      expect(isDeliverableEmailShape(normalizeEmailAddress(email))).toBe(true);
    }
  });

  it('the stored form folds compatibility forms and case before the check', () => {
    expect(normalizeEmailAddress(' \uff2b\uff45\uff49\uff53\uff48\uff41@Example.org ')).toBe('keisha@example.org');
  });

  it('a byte order mark before the address is trimmed with the spaces (JavaScript trims it), not stored', () => {
    expect(normalizeEmailAddress('\ufeffada@example.org')).toBe('ada@example.org');
  });
});
