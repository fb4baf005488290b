import { describe, expect, it } from 'vitest';
import { waitlistJoinBody } from './waitlist.schema.ts';
import { validateWaitlistEmail } from './waitlist.ts';

describe('waitlistJoinBody', () => {
  it('accepts an address and normalises case and surrounding space', () => {
    expect(waitlistJoinBody.parse({ email: '  Ada@Example.org ' })).toEqual({ email: 'ada@example.org' });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['no at sign', 'ada.example.org'],
    ['space inside', 'ada lovelace@example.org'],
    ['nothing after @', 'ada@'],
    ['too long', `${'a'.repeat(250)}@example.org`],
  ])('rejects %s with the spec message', (_label, email) => {
    const result = waitlistJoinBody.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A valid email is required.');
  });

  it('rejects a non-string email with the spec message', () => {
    const result = waitlistJoinBody.safeParse({ email: 42 });
    expect(result.error?.issues[0]?.message).toBe('A valid email is required.');
  });
});

describe('waitlistJoinBody beyond the minimum shape', () => {
  it.each([
    ['markup', '<script>alert(1)</script>@x.io'],
    ['SQL with quotes and spaces', "' OR 1=1;--@x.io"],
    ['no dot in the domain', 'ada@localhost'],
    ['empty domain label', 'ada@example..org'],
    ['control character', 'ada\u0000@example.org'],
    // The admin console showed "\u202eevil@b.c" as "c.b@live".
    ['a right-to-left override', '\u202eevil@b.c'],
    ['a zero-width space', 'ada\u200b@example.org'],
    ['a byte order mark inside', 'ada\ufeff@example.org'],
    ['a domain whose stored form has an empty label', 'ada@example\uff0e.org'],
  ])('rejects %s', (_label, email) => {
    const result = waitlistJoinBody.safeParse({ email });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('A valid email is required.');
  });

  it.each([
    ['plus addressing', 'ada+news@example.org'],
    ['apostrophe', "o'brien@example.ie"],
    ['internationalised', 'josé@exämple.de'],
  ])('accepts %s', (_label, email) => {
    expect(waitlistJoinBody.safeParse({ email }).success).toBe(true);
  });
});

describe('validateWaitlistEmail (the browser check) agrees with the schema', () => {
  it.each(['', '  ', 'a@b', 'ada@example.org', ' Ada@Example.org ', '<x>@y.io', 'zoë@exämple.de', `${'a'.repeat(65)}@x.io`, '\u202eevil@b.c', '\uff41da@example.org'])(
    '%j',
    (email) => {
      const schema = waitlistJoinBody.safeParse({ email });
      const browser = validateWaitlistEmail(email);
      expect(browser.ok).toBe(schema.success);
      if (browser.ok && schema.success) expect(browser.email).toBe(schema.data.email);
    },
  );
});
