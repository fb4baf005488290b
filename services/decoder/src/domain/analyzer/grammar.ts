/**
 * Parts of speech for the Keisha Translation, from compromise (github.com/spencermountain/compromise,
 * MIT): which words around a coded term are determiners, nouns, verbs, and whether a noun is plural.
 *
 * compromise is large (about 1 s to load on the shared machine, a few ms to tag a sentence), so it is
 * kept off the analyzer's start-up and off every text without a term to rewrite: it is loaded on the
 * first text that needs it (`preloadGrammar` loads it ahead, for a process that wants to pay that at a
 * quiet moment), and it tags only a few words either side of each term, not the article. The
 * replacements' own grammar is tagged once per process and kept.
 */
import { createRequire } from 'node:module';

/** A term as compromise's json() gives it. */
export interface RawTerm {
  text: string;
  pre: string;
  post: string;
  tags: string[];
  offset: { start: number; length: number };
}
interface Doc {
  json(options: object): Array<{ terms: RawTerm[] }>;
  verbs(): { conjugate(): Array<Record<string, string>> };
}
type Nlp = (text: string) => Doc;

let nlpInstance: Nlp | undefined;

/** compromise, loaded on first use (about 1 s) and kept. */
export function nlp(): Nlp {
  nlpInstance ??= createRequire(import.meta.url)('compromise') as Nlp;
  return nlpInstance;
}

/** Loads the tagger now instead of on the first text that needs it. */
export function preloadGrammar(): void {
  nlp();
}

export function grammarLoaded(): boolean {
  return nlpInstance !== undefined;
}

export interface Word {
  /** Offsets in the analysed text. */
  start: number;
  end: number;
  text: string;
  lower: string;
  /** Punctuation and spaces after the word, as compromise splits them. */
  post: string;
  pre: string;
  tags: ReadonlySet<string>;
}

export function isNoun(w: Word | undefined): boolean {
  if (!w) return false;
  const t = w.tags;
  return (t.has('Noun') || t.has('Acronym') || t.has('Value')) && !t.has('Pronoun') && !t.has('Possessive') && !t.has('Verb');
}

export function isVerb(w: Word | undefined): boolean {
  if (!w) return false;
  const t = w.tags;
  return t.has('Verb') && !t.has('Participle') && !t.has('Adjective') && !t.has('Noun');
}

export function isDeterminer(w: Word | undefined): boolean {
  return !!w && (w.tags.has('Determiner') || (w.tags.has('Possessive') && w.tags.has('Pronoun')));
}

/** Words of a person or people ("conservatives", "Americans", "staffers"): "who" rather than "that". */
export function isPersonNoun(w: Word | undefined): boolean {
  return !!w && (w.tags.has('Actor') || w.tags.has('Person') || w.tags.has('Demonym') || /(?:ers|ors|ists|ans|ives)$/.test(w.lower));
}

function toWords(text: string, offset: number): Word[] {
  const out: Word[] = [];
  for (const sentence of nlp()(text).json({ offset: true })) {
    for (const t of sentence.terms) {
      const start = offset + t.offset.start + t.pre.length;
      out.push({ start, end: start + t.text.length, text: t.text, lower: t.text.toLowerCase(), pre: t.pre, post: t.post, tags: new Set(t.tags) });
    }
  }
  return out;
}

// Tagged windows kept for texts analysed again (the landing page's examples, a reader's second try). Bounded by
// their characters, not only their number: 256 windows of any length kept up to 256 whole articles of 200,000
// characters without a sentence end (each one window then, about 10 MB of words), and an analysis thread ran out
// of its heap after a few distinct ones (docs/decoder.md, "Long articles and the analysis thread's heap").
const WINDOW_CACHE_LIMIT = 256;
/** Characters of all kept windows together: about 8 MB of words at most. */
const WINDOW_CACHE_CHARS = 64_000;
/** A window longer than this is tagged and not kept. */
const WINDOW_CACHED_CHARS = 2_000;
const windowCache = new Map<string, Word[]>();
let windowCacheChars = 0;

/** Forgets the tagged windows (for measuring the cost of text never seen before). */
export function clearGrammarCache(): void {
  windowCache.clear();
  windowCacheChars = 0;
}

/**
 * A copy of `slice` that does not hold the string it was cut from: V8 keeps a slice as a view of its parent,
 * so a kept window of a few words would keep its whole article.
 */
function ownCopy(slice: string): string {
  return Buffer.from(slice, 'utf16le').toString('utf16le');
}

/** The words of text[from, to) with their parts of speech, offsets in `text`. */
export function tagWindow(text: string, from: number, to: number): Word[] {
  const slice = text.slice(from, to);
  let words = windowCache.get(slice);
  if (!words) {
    if (slice.length > WINDOW_CACHED_CHARS) {
      words = toWords(slice, 0);
    } else {
      const key = ownCopy(slice);
      if (windowCache.size >= WINDOW_CACHE_LIMIT || windowCacheChars + key.length > WINDOW_CACHE_CHARS) clearGrammarCache();
      words = toWords(key, 0);
      windowCache.set(key, words);
      windowCacheChars += key.length;
    }
  }
  return from === 0 ? words : words.map((w) => ({ ...w, start: w.start + from, end: w.end + from }));
}

/** The grammar of a replacement written in the lexicon, worked out once per process. */
export interface ReplacementShape {
  /** The replacement without its trailing note: "Black fathers" of "Black fathers (stereotyped as absent)". */
  core: string;
  /** " (stereotyped as absent)", or "". */
  note: string;
  /** np: a noun phrase; adj: an adjective phrase ("harsh on ..."); vp: a verb phrase; label: a note in brackets. */
  kind: 'np' | 'adj' | 'vp' | 'label';
  /** Can stand before a noun as it is: short, no preposition, verb, determiner or comma ("Black neighborhood"). */
  premodifier: boolean;
  /** Starts with "the" ("the freedom to segregate"). */
  leadingThe: boolean;
  /** The last word of the core, lower case ("neighborhood"). */
  lastWord: string;
  /** The verb phrase with its verb as a gerund ("restoring an earlier, whiter America"), for a verb phrase standing as a noun. */
  gerund: string;
  /** The core's last word is plural ("Black neighborhoods"). */
  plural: boolean;
}

const shapeCache = new Map<string, ReplacementShape>();
/** A first word followed by these is a noun ("flag that casts ..."), whatever the tagger says. */
const RELATIVE_OR_OF = new Set(['that', 'who', 'which', 'of']);
const NOTE_TAIL = /\s*(\([^()]*\))$/;

export function replacementShape(replacement: string): ReplacementShape {
  const cached = shapeCache.get(replacement);
  if (cached) return cached;
  const m = NOTE_TAIL.exec(replacement);
  const core = m ? replacement.slice(0, m.index) : replacement;
  const note = m ? ` ${m[1]}` : '';
  const words = toWords(core, 0);
  const first = words[0];
  let kind: ReplacementShape['kind'] = 'np';
  if (core.startsWith('[')) kind = 'label';
  // A verb phrase starts with a verb's base or -s form and has more than the verb ("keep Latino immigrants
  // out"); "protest" alone is the noun, "segregated, disinvested neighborhoods" a noun phrase.
  else if (first && words.length > 1 && !RELATIVE_OR_OF.has(words[1]!.lower) && isVerb(first) && !first.tags.has('Gerund') && !first.tags.has('PastTense') && (first.tags.has('Infinitive') || first.tags.has('PresentTense'))) kind = 'vp';
  // "harsh on Black and Latino communities", "respectful of others": an adjective and its complement.
  else if (first && first.tags.has('Adjective') && words[1]?.tags.has('Preposition')) kind = 'adj';
  const premodifier =
    kind === 'np' &&
    words.length <= 3 &&
    !words.some((w, i) => w.tags.has('Preposition') || w.tags.has('Determiner') || (isVerb(w) && !w.tags.has('Gerund')) || (w.tags.has('Conjunction') && w.lower !== 'and') || (i < words.length - 1 && /[,;(]/.test(w.post)));
  let gerund = core;
  if (kind === 'vp') {
    const forms = nlp()(first!.text).verbs().conjugate()[0];
    if (forms?.Gerund) gerund = forms.Gerund + core.slice(first!.text.length);
  }
  const last = words[words.length - 1];
  const shape: ReplacementShape = {
    core,
    note,
    kind,
    premodifier,
    leadingThe: first?.lower === 'the',
    lastWord: last ? last.lower : '',
    gerund,
    plural: !!last && last.tags.has('Plural'),
  };
  shapeCache.set(replacement, shape);
  return shape;
}

/** Words for where people live: one stands for the other ("Black neighborhood communities" says it twice). */
const PLACE_NOUNS = new Set(['neighborhood', 'neighbourhood', 'community', 'area', 'district', 'city', 'town', 'quarter', 'ward', 'street', 'block', 'enclave']);

/** "neighborhoods" and "neighborhood" name the same thing; so, here, do "neighborhood" and "communities". */
export function sameNoun(a: string, b: string): boolean {
  const strip = (w: string) => w.toLowerCase().replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, '');
  return a.toLowerCase() === b.toLowerCase() || strip(a) === strip(b) || (PLACE_NOUNS.has(strip(a)) && PLACE_NOUNS.has(strip(b)));
}

/** Does an indefinite article before this word want "an"? The sound from the spelling, with the usual exceptions. */
export function wantsAn(word: string): boolean {
  const w = word.replace(/^[^\p{L}\p{N}]+/u, '');
  if (w.length === 0) return false;
  const letters = w.replace(/[^A-Za-z]/g, '');
  // An acronym read letter by letter: "an FBI agent", "a US-born child"; words read as words aside.
  if (/^[A-Z]{2,}\b/.test(w) && letters.length <= 5 && !/^(?:NATO|NASA|UNESCO|UNICEF|OPEC|AIDS|DACA|MAGA|SNAP|ZOG)/.test(w)) {
    return 'AEFHILMNORSX'.includes(w[0]!);
  }
  const lower = w.toLowerCase();
  if (/^(?:8|11|18|80)/.test(lower)) return true;
  if (/^\d/.test(lower)) return false;
  if (/^(?:hour|honest|honor|honour|heir|herb)/.test(lower)) return true;
  if (/^(?:uni(?!nf|nh|nt|mp|mag|nst|ns)|use|usu|uti|uto|ura|ure|uro|eu|ewe|one\b|once|ubiq|ufo|ukr|u\.s\.|us-)/.test(lower)) return false;
  return /^[aeiou]/.test(lower);
}
