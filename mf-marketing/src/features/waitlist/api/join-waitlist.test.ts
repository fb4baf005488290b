import { describe, expect, it } from 'vitest';
import { parseWaitlistEmail } from './join-waitlist.ts';

describe('parseWaitlistEmail', () => {
  it('returns the address as it will be stored', () => {
    expect(parseWaitlistEmail('  Ada@Example.org ')).toEqual({ ok: true, email: 'ada@example.org' });
  });

  it.each(['', '   ', 'ada', 'ada@', 'ada lovelace@example.org'])('refuses %j with the spec message', (email) => {
    expect(parseWaitlistEmail(email)).toEqual({ ok: false, message: 'A valid email is required.' });
  });
});
