// What counts as text, with no dependency: a browser's button and a service's route apply the same rule,
// so the page never sends what the service refuses and the service never charges for what shows nothing.

/**
 * Characters that show nothing: Unicode White_Space, format characters (Cf: zero-width space and joiners,
 * bidi controls, the BOM, the soft hyphen...), the other default-ignorable code points (Hangul fillers,
 * variation selectors, the combining grapheme joiner), controls (Cc), and U+2800, the braille blank, which
 * renders as a space. JavaScript's trim() removes only White_Space, so "\u200b" passed it.
 */
const VISIBLE = /[^\p{White_Space}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Nothing a person would see: only spaces and invisible characters (an emoji alone is not blank). */
export function isBlankText(text: string): boolean {
  return !VISIBLE.test(text);
}

/**
 * A character that shows nothing and is not a space: a bidi control can make "\u202eevil@b.c" read as
 * "c.b@live", a zero-width space makes a look-alike of an address. Refused in email addresses.
 */
export function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE.test(text);
}

// The decoder's analyzer reads words as runs of letters, marks and digits; a text without a letter or a digit
// gives it no word to read (marks alone are accents or variation selectors over nothing). The Hangul fillers
// are letters that show nothing (default-ignorable), so they do not count.
const LETTER_OR_DIGIT = /(?!\p{Default_Ignorable_Code_Point})[\p{L}\p{N}]/u;

/**
 * There is something for the decoder to analyse: at least one letter or digit. Spaces, punctuation, symbols,
 * emoji and invisible characters alone are "no text to analyse", refused before any quota is taken.
 */
export function hasTextToAnalyse(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}
