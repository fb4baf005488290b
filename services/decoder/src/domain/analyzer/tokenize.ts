/**
 * A single-pass tokenizer that keeps UTF-16 offsets into the original text.
 *
 * Words are runs of letters, marks and digits, with an inner apostrophe kept ("don't", "state's").
 * Hyphens split words, so "inner-city" and "inner city" give the same tokens; the second word is
 * marked HYPHENATED. "&" is a token of its own, normalised to "and". Sentences end at a newline, at
 * "!" or "?", and at "." unless the word before it is a known abbreviation or an initial, or the
 * next word starts in lower case.
 */

export const TITLE = 1;
export const UPPER = 2;
export const DIGIT = 4;
/** The token is joined to the word before it by a hyphen ("far-right", "so-called"). */
export const HYPHENATED = 8;

export const SENTENCE_QUOTE = 1;
export const SENTENCE_EXCLAMATION = 2;
export const SENTENCE_QUESTION = 4;
/**
 * The sentence is written in capitals, as headlines are ("Liberal Media Calls It Bigotry", "A TOTAL
 * DISGRACE"): nearly all its longer words after the first start with a capital, so a capital says
 * nothing there about a word being a name.
 */
export const SENTENCE_CAPITALISED = 8;

export interface Tokens {
  count: number;
  start: number[];
  end: number[];
  /** Lower case, apostrophes removed. */
  norm: string[];
  /** For a possessive ("city's"), the word without it ("city"); otherwise null. */
  stem: Array<string | null>;
  /** TITLE | UPPER | DIGIT bits. */
  shape: number[];
  /** Sentence index of each token. */
  sentence: number[];
  /** Paragraph index of each token (paragraphs are separated by a blank line). */
  paragraph: number[];
  /** First token index of each sentence; sentence s spans [sentenceStart[s], sentenceStart[s + 1]). */
  sentenceStart: number[];
  sentenceFlags: number[];
}

/** The last token of the hyphenated word that starts at token i ("anti-science": the token of "science"); i when none does. */
export function compoundEnd(tokens: Tokens, i: number): number {
  let j = i;
  while (j + 1 < tokens.count && (tokens.shape[j + 1]! & HYPHENATED) !== 0) j++;
  return j;
}

/** The first token of the hyphenated word token i is part of ("race-baiting": the token of "race"); i when it is part of none. */
export function compoundStart(tokens: Tokens, i: number): number {
  let j = i;
  while (j > 0 && (tokens.shape[j]! & HYPHENATED) !== 0) j--;
  return j;
}

/**
 * A capitalised word inside a sentence that is not written in capitals: most likely a name ("the Do
 * No Harm Act"), not a judgement, so it is never shown as loaded language.
 */
export function readsAsName(tokens: Tokens, i: number): boolean {
  const s = tokens.sentence[i]!;
  return (tokens.shape[i]! & TITLE) !== 0 && tokens.sentenceStart[s] !== i && (tokens.sentenceFlags[s]! & SENTENCE_CAPITALISED) === 0;
}

/** Words of this many letters or more are capitalised in a headline whatever its style ("of", "the", "and" may not be). */
const HEADLINE_WORD = 4;
/** The share of a sentence's longer words after the first that start with a capital, for it to read as written in capitals. */
const CAPITALISED_SHARE = 0.8;

/** Sets SENTENCE_CAPITALISED on each sentence with at least two longer words after its first, nearly all capitalised. */
function markCapitalisedSentences(count: number, norm: string[], shape: number[], sentence: number[], sentenceStart: number[], sentenceFlags: number[]): void {
  let s = -1, long = 0, capitalised = 0;
  const close = () => {
    if (s >= 0 && long >= 2 && capitalised >= CAPITALISED_SHARE * long) sentenceFlags[s]! |= SENTENCE_CAPITALISED;
  };
  for (let i = 0; i < count; i++) {
    if (sentence[i] !== s) { close(); s = sentence[i]!; long = capitalised = 0; }
    if (sentenceStart[s] === i || norm[i]!.length < HEADLINE_WORD || (shape[i]! & DIGIT) !== 0) continue;
    long++;
    if ((shape[i]! & TITLE) !== 0) capitalised++;
  }
  close();
}

/**
 * The word a reader sees at token i: the whole hyphenated word when one starts there ("anti-science",
 * as the normalised parts joined by hyphens), else the token's own normalised word.
 */
export function wordAt(tokens: Tokens, i: number): string {
  const end = compoundEnd(tokens, i);
  return end === i ? tokens.norm[i]! : tokens.norm.slice(i, end + 1).join('-');
}

const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'gov', 'sen', 'rep', 'gen', 'lt', 'col', 'sgt', 'capt', 'cmdr',
  'prof', 'rev', 'hon', 'vs', 'etc', 'inc', 'co', 'corp', 'ltd', 'no', 'mt', 'ft', 'ave', 'blvd', 'dept',
  'est', 'fig', 'approx', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

// 0 = not yet classified, 1 = word character, 2 = not a word character (Basic Multilingual Plane only).
const bmpClass = new Uint8Array(65536);
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
for (let c = 0; c < 128; c++) {
  const isWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  bmpClass[c] = isWord ? 1 : 2;
}

function isWordCode(text: string, index: number, code: number): boolean {
  if (code < 0xd800 || code > 0xdfff) {
    let cls = bmpClass[code]!;
    if (cls === 0) {
      cls = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
      bmpClass[code] = cls;
    }
    return cls === 1;
  }
  // A surrogate pair: letters outside the BMP are rare, so test them directly.
  const cp = text.codePointAt(index);
  return cp !== undefined && cp > 0xffff && WORD_CHAR.test(String.fromCodePoint(cp));
}

const APOSTROPHES = /['\u2019]/g;
const POSSESSIVE = /['\u2019]s$/;
const APOSTROPHE = 39;
const RIGHT_SINGLE_QUOTE = 0x2019;

function isLetterAt(text: string, index: number): boolean {
  if (index >= text.length) return false;
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return isWordCode(text, index, code) && !(code >= 0x30 && code <= 0x39);
}

// What a token's characters held (bits of `seen` in tokenize).
const HAS_UPPER = 1;
const HAS_LOWER = 2;
const HAS_DIGIT = 4;
/** A character outside ASCII: case is then left to toLowerCase/toUpperCase. */
const HAS_OTHER = 8;
const HAS_APOSTROPHE = 16;

function charKind(code: number): number {
  if (code >= 97 && code <= 122) return HAS_LOWER;
  if (code >= 65 && code <= 90) return HAS_UPPER;
  if (code >= 48 && code <= 57) return HAS_DIGIT;
  return code < 128 ? 0 : HAS_OTHER;
}

/**
 * Room for the tokens of a text: news prose averages about six characters per word with its space,
 * so a fifth of the length is seldom outgrown (an outgrown array just grows). Kept below V8's limit
 * for preallocated fast arrays, so a huge text does not get slow dictionary-backed arrays.
 */
function tokenCapacity(length: number): number {
  return Math.min(Math.ceil(length / 5), 1 << 16);
}

export function tokenize(text: string): Tokens {
  // The per-token arrays are sized once from the text and cut to the token count at the end:
  // growing seven arrays by push, a few times each, cost more than the scan itself.
  const capacity = tokenCapacity(text.length);
  const start: number[] = new Array(capacity);
  const end: number[] = new Array(capacity);
  const norm: string[] = new Array(capacity);
  const stem: Array<string | null> = new Array(capacity);
  const shape: number[] = new Array(capacity);
  const sentence: number[] = new Array(capacity);
  const paragraph: number[] = new Array(capacity);
  let count = 0;
  const sentenceStart: number[] = [];
  const sentenceFlags: number[] = [];

  const length = text.length;
  let sentenceIndex = -1;
  let paragraphIndex = 0;
  // What the gap since the previous token held.
  let sawNewline = false;
  let newlines = 0;
  let sawPeriod = false;
  let sawStrongStop = false;
  let spaceAfterStop = false;
  let pendingFlags = 0;
  let i = 0;

  while (i < length) {
    const code = text.charCodeAt(i);
    const isAmpersand = code === 38;
    if (!isAmpersand && !isWordCode(text, i, code)) {
      if (code === 10 || code === 0x2029) { sawNewline = true; newlines++; }
      else if (code === 13) sawNewline = true;
      else if (code === 46 || code === 0x2026) { sawPeriod = true; spaceAfterStop = false; }
      else if (code === 33 || code === 63) {
        sawStrongStop = true;
        spaceAfterStop = false;
        pendingFlags |= code === 33 ? SENTENCE_EXCLAMATION : SENTENCE_QUESTION;
      } else if (code === 32 || code === 9 || code === 0xa0) spaceAfterStop = true;
      else if (code === 34 || code === 0x201c || code === 0x201d || code === 0xab || code === 0xbb) pendingFlags |= SENTENCE_QUOTE;
      i++;
      continue;
    }

    // A token starts here. What its characters hold is gathered while scanning them, so that its
    // shape needs no second pass over it and, for plain ASCII, no upper-cased copy.
    const tokenStart = i;
    let seen = 0;
    if (isAmpersand) {
      i++;
    } else {
      seen = charKind(code);
      i += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (isWordCode(text, i, c)) {
          seen |= charKind(c);
          i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
          continue;
        }
        if ((c === APOSTROPHE || c === RIGHT_SINGLE_QUOTE) && isLetterAt(text, i + 1)) {
          seen |= HAS_APOSTROPHE | charKind(text.charCodeAt(i + 1));
          i += 2;
          continue;
        }
        break;
      }
    }
    const raw = text.slice(tokenStart, i);
    const first = code;
    // Outside ASCII, compatibility forms read as the letters they stand for (NFKC): fullwidth "ＴＨＵＧＳ" or
    // mathematical "𝐭𝐡𝐮𝐠𝐬" is "thugs" to every list, as it is to a reader; the text itself is left as written.
    let lower = isAmpersand ? 'and' : (seen & HAS_OTHER) !== 0 ? raw.normalize('NFKC').toLowerCase() : (seen & HAS_UPPER) !== 0 ? raw.toLowerCase() : raw;
    let possessiveStem: string | null = null;
    if ((seen & HAS_APOSTROPHE) !== 0) {
      if (POSSESSIVE.test(lower)) possessiveStem = lower.slice(0, -2).replace(APOSTROPHES, '');
      lower = lower.replace(APOSTROPHES, '');
    }

    let bits = (seen & HAS_DIGIT) !== 0 ? DIGIT : 0;
    if (first >= 65 && first <= 90) bits |= TITLE;
    else if (first > 127 && raw[0] !== lower[0]) bits |= TITLE;
    if (raw.length >= 2) {
      // In ASCII, capitals and no small letters make an acronym; in other scripts the case mappings decide.
      const allCaps = (seen & HAS_OTHER) === 0 ? (seen & (HAS_UPPER | HAS_LOWER)) === HAS_UPPER : raw !== lower && raw === raw.toUpperCase();
      if (allCaps) bits |= UPPER;
    }

    if (count > 0 && tokenStart - end[count - 1]! === 1) {
      const joiner = text.charCodeAt(tokenStart - 1);
      if (joiner === 45 || joiner === 0x2010 || joiner === 0x2011) bits |= HYPHENATED;
    }
    let boundary = count === 0 || sawNewline || (sawStrongStop && spaceAfterStop);
    if (!boundary && sawPeriod && spaceAfterStop) {
      const previous = norm[count - 1]!;
      const startsLower = first >= 97 && first <= 122;
      const isInitial = previous.length === 1 && (shape[count - 1]! & TITLE) !== 0;
      boundary = !startsLower && !isInitial && !ABBREVIATIONS.has(previous);
    }
    if (boundary) {
      sentenceIndex++;
      sentenceStart.push(count);
      sentenceFlags.push(0);
    }
    if (pendingFlags !== 0) {
      // Punctuation that ends a sentence belongs to it; quotes at a boundary are ambiguous, so both get them.
      if (boundary && sentenceIndex > 0) sentenceFlags[sentenceIndex - 1]! |= pendingFlags;
      sentenceFlags[sentenceIndex]! |= pendingFlags & SENTENCE_QUOTE;
      if (!boundary) sentenceFlags[sentenceIndex]! |= pendingFlags;
    }

    if (newlines >= 2 && count > 0) paragraphIndex++;
    start[count] = tokenStart;
    end[count] = i;
    norm[count] = lower;
    stem[count] = possessiveStem;
    shape[count] = bits;
    sentence[count] = sentenceIndex;
    paragraph[count] = paragraphIndex;
    count++;
    newlines = 0;
    sawNewline = sawPeriod = sawStrongStop = spaceAfterStop = false;
    pendingFlags = 0;
  }
  if (pendingFlags !== 0 && sentenceIndex >= 0) sentenceFlags[sentenceIndex]! |= pendingFlags;

  for (const tokenArray of [start, end, norm, stem, shape, sentence, paragraph]) tokenArray.length = count;
  markCapitalisedSentences(count, norm, shape, sentence, sentenceStart, sentenceFlags);
  return { count, start, end, norm, stem, shape, sentence, paragraph, sentenceStart, sentenceFlags };
}
