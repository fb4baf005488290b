// The routes refuse a text with contracts' hasTextToAnalyse before any use is taken; the analyzer has its own
// notion of an empty text (no word). Every text the analyzer would call empty must be one the routes refuse,
// or a reader could be charged for "There is no text to analyse".
import { hasTextToAnalyse } from '@keisha/contracts';
import { describe, expect, it } from 'vitest';
import { analyzeDetailed } from './index.ts';

const NO_WORD = [
  '', '   ', '\u200b\u200b\u200b', '...', '\u{1F642}', '\u202e', '\u2800\u2800', '\u00a0', '\u3000', '\ufeff',
  '\u2026 \u2014 -- !? ()', '$ % * # @ ~', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}', '\u{1F525}\u{1F525}', '\u00bf\u00a1',
];

describe('the routes and the analyzer agree on a text with nothing to analyse', () => {
  it.each(NO_WORD)('%j: no word for the analyzer, refused by the routes', (text) => {
    expect(analyzeDetailed(text).counts.words).toBe(0);
    expect(hasTextToAnalyse(text)).toBe(false);
  });

  it.each(['x', '42', 'Officials said', '\u200bword', '\u4f60\u597d', '\u0645\u0631\u062d\u0628\u0627'])('%j: words for both', (text) => {
    expect(hasTextToAnalyse(text)).toBe(true);
    expect(analyzeDetailed(text).counts.words).toBeGreaterThan(0);
  });

  it('a text the routes accept is never one the analyzer calls empty (every character class checked)', () => {
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = String.fromCharCode(code);
      if (hasTextToAnalyse(text)) expect(analyzeDetailed(text).counts.words, `U+${code.toString(16)}`).toBeGreaterThan(0);
    }
  }, 60_000);
});
