import { describe, expect, it } from 'vitest';
import { looksBinary } from './index.ts';

/** The rule, written plainly: more than 1 in 20 characters a control other than tab, LF, FF, CR; DEL; or U+FFFD. */
function reference(text: string): boolean {
  let control = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 32 && ![9, 10, 12, 13].includes(code)) || code === 127 || code === 0xfffd) control++;
  }
  return control > text.length / 20;
}

describe('looksBinary', () => {
  it('lets prose through, curly quotes, emoji and line breaks included', () => {
    expect(looksBinary('The mayor said on Monday that the “plan” would be reviewed.\r\n\tNext paragraph 👍\f')).toBe(false);
  });

  it('counts every character it should, and only those, as the plain rule does', () => {
    const prose = 'a'.repeat(19);
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates are refused before the route
      const char = String.fromCharCode(code);
      // One sign in 20 characters is allowed; two are not.
      for (const text of [char + prose, char + char + prose.slice(1), char]) expect(looksBinary(text), `U+${code.toString(16)} in ${text.length}`).toBe(reference(text));
    }
  });

  it('refuses binary data read as text', () => {
    expect(looksBinary('\u0000\u0001\u0002PNG\u001a\u0000\u0000\u0000IHDR\ufffd\ufffd')).toBe(true);
  });
});
