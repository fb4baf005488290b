import { describe, expect, it } from 'vitest';
import { hasTextToAnalyse, isBlankText } from './text.ts';

// Each case is written with escapes: the characters themselves would be invisible here too.
const SHOWS_NOTHING: Array<[string, string]> = [
  ['empty', ''],
  ['spaces, tabs and line breaks', ' \t\r\n '],
  ['zero-width spaces', '\u200b\u200b\u200b'],
  ['zero-width joiner and non-joiner', '\u200d\u200c'],
  ['a right-to-left override', '\u202e'],
  ['bidi isolates and marks', '\u2066\u2069\u200f\u200e'],
  ['a byte order mark', '\ufeff'],
  ['no-break spaces', '\u00a0\u202f'],
  ['an ideographic space', '\u3000'],
  ['braille blanks', '\u2800\u2800'],
  ['a Hangul filler', '\u3164'],
  ['a soft hyphen and a word joiner', '\u00ad\u2060'],
  ['a variation selector alone', '\ufe0f'],
  ['a mix', ' \u200b\u00a0\ufeff\u202e\n'],
];

describe('isBlankText', () => {
  it.each(SHOWS_NOTHING)('%s is blank', (_label, text) => {
    expect(isBlankText(text)).toBe(true);
  });

  it.each([
    ['a word', 'hello'],
    ['a word behind a zero-width space', '\u200bhello'],
    ['an emoji', '\u{1F642}'],
    ['an emoji with its variation selector', '\u2764\ufe0f'],
    ['a family emoji joined by ZWJ', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['punctuation', '...'],
    ['a digit', '7'],
  ])('%s is not blank', (_label, text) => {
    expect(isBlankText(text)).toBe(false);
  });
});

describe('hasTextToAnalyse', () => {
  it.each<[string, string]>([
    ...SHOWS_NOTHING,
    ['dots', '...'],
    ['an ellipsis and dashes', '\u2026 \u2014 -- !?'],
    ['an emoji', '\u{1F642}'],
    ['emoji and symbols', '\u{1F642}\u{1F525} $ % & * # @'],
    ['a combining accent over nothing', '\u0301'],
  ])('%s has nothing to analyse', (_label, text) => {
    expect(hasTextToAnalyse(text)).toBe(false);
  });

  it.each([
    ['an article', 'Officials said the neighbourhood was "changing".'],
    ['one letter', 'x'],
    ['a figure', '42'],
    ['a word among invisible characters', '\u200b\u202eword\u200b'],
    ['Arabic', '\u0645\u0631\u062d\u0628\u0627'],
    ['Chinese', '\u4f60\u597d'],
    ['a letter outside the BMP', '\u{1D400}'],
  ])('%s has text to analyse', (_label, text) => {
    expect(hasTextToAnalyse(text)).toBe(true);
  });
});
