/**
 * Framing signals from published word lists (data/framing-words.json; authors credited in
 * data/README.md) and a few small lists of our own. One map lookup per token gives a bit set of
 * the lists the word belongs to; the features are rates, so a sentence and an article are measured
 * on the same scale. The opinion lists name many words in one form only ("deplore" but not
 * "deplored"), so their regular inflections are added at load time (see `wordInflections`).
 */
import framingData from './data/framing-words.json' with { type: 'json' };
import { phraseTokens } from './lexicon-types.ts';
import { compoundEnd, DIGIT, HYPHENATED, SENTENCE_EXCLAMATION, SENTENCE_QUESTION, SENTENCE_QUOTE, TITLE, wordAt, type Tokens } from './tokenize.ts';
import { vectorOf, wordVectors, type WordVector } from './vectors.ts';
import { markedForms, wordWeights } from './words.ts';

interface FramingFile {
  about: string;
  lists: {
    strongSubjective: string[];
    negative: string[];
    positive: string[];
    hedges: string[];
    reportVerbs: string[];
    factives: string[];
    assertives: string[];
    implicatives: string[];
  };
  ours: {
    intensifiers: string[];
    attribution: string[];
    address: string[];
    notLoaded: string[];
    notMannerAdverbs: string[];
    partisanLabels: string[];
    loadedSpeechVerbs: string[];
    pejorativeLabels: string[];
    timeReferences: string[];
  };
  irregularVerbForms: Record<string, string[]>;
}

const framing = framingData as FramingFile;

export const STRONG = 1;
export const NEGATIVE = 2;
export const POSITIVE = 4;
export const HEDGE = 8;
export const REPORT = 16;
export const FACTIVE = 32;
export const ASSERTIVE = 64;
export const IMPLICATIVE = 128;
export const INTENSIFIER = 256;
export const ATTRIBUTION = 512;
export const ADDRESS = 1024;
export const NOT_LOADED = 2048;
export const NOT_MANNER = 4096;
export const PARTISAN = 8192;
/** A verb of speech that passes judgement on the speaker or their words ("claimed", "slammed"), where "said" would not. */
export const LOADED_SPEECH = 16384;
/** A pejorative label for a group of people ("mob", "leftists"). */
export const PEJORATIVE = 32768;
/** A reference to time ("Tuesday", "last week"): hard news dates its events. */
export const TIME = 65536;
/**
 * A word of the published subjectivity and bias lexicons that news-bias annotators often mark
 * (words.ts `markedForms`, fitted on the fit half of BABE): shown as loaded language, not counted
 * in the score's features (the words model already carries it).
 */
export const MARKED = 131072;

/** Regular inflections of a verb lemma: says/said come from the irregular table. */
function inflect(lemma: string): string[] {
  const forms = [lemma];
  if (lemma.includes(' ')) return forms;
  const last = lemma[lemma.length - 1]!;
  const beforeLast = lemma[lemma.length - 2] ?? '';
  const vowel = (c: string) => 'aeiou'.includes(c);
  if (/(s|x|z|ch|sh)$/.test(lemma)) forms.push(lemma + 'es');
  else if (last === 'y' && !vowel(beforeLast)) forms.push(lemma.slice(0, -1) + 'ies');
  else forms.push(lemma + 's');
  if (last === 'e') forms.push(lemma + 'd', lemma.slice(0, -1) + 'ing');
  else if (last === 'y' && !vowel(beforeLast)) forms.push(lemma.slice(0, -1) + 'ied', lemma + 'ing');
  else forms.push(lemma + 'ed', lemma + 'ing');
  return forms;
}

const wordBits = new Map<string, number>();
/** Bits an inflected form inherits from its listed base word ("deplored" from "deplore"). */
const inflectedBits = new Map<string, number>();
/**
 * The same, for the -ed, -ing and -ly forms only: these are shown to the reader. The -s form is left
 * out because it is as often a noun of another meaning ("plots" of land, from "plot").
 */
const shownInflectedBits = new Map<string, number>();
const phraseRoot = new Map<string, Array<{ rest: string[]; bits: number }>>();

function add(word: string, bits: number): void {
  const tokens = phraseTokens(word);
  if (tokens.length === 0) return;
  if (tokens.length === 1) {
    wordBits.set(tokens[0]!, (wordBits.get(tokens[0]!) ?? 0) | bits);
    return;
  }
  const list = phraseRoot.get(tokens[0]!) ?? [];
  list.push({ rest: tokens.slice(1), bits });
  phraseRoot.set(tokens[0]!, list);
}

function addVerbs(lemmas: string[], bits: number): void {
  for (const lemma of lemmas) {
    for (const form of inflect(lemma)) add(form, bits);
    for (const form of framing.irregularVerbForms[lemma] ?? []) add(form, bits);
  }
}

for (const w of framing.lists.strongSubjective) add(w, STRONG);
for (const w of framing.lists.negative) add(w, NEGATIVE);
for (const w of framing.lists.positive) add(w, POSITIVE);
for (const w of framing.lists.hedges) add(w, HEDGE);
addVerbs(framing.lists.reportVerbs, REPORT);
addVerbs(framing.lists.factives, FACTIVE);
addVerbs(framing.lists.assertives, ASSERTIVE);
addVerbs(framing.lists.implicatives, IMPLICATIVE);
for (const w of framing.ours.intensifiers) add(w, INTENSIFIER);
for (const w of framing.ours.attribution) add(w, ATTRIBUTION);
for (const w of framing.ours.address) add(w, ADDRESS);
for (const w of framing.ours.notLoaded) add(w, NOT_LOADED);
for (const w of framing.ours.notMannerAdverbs) add(w, NOT_MANNER);
for (const w of framing.ours.partisanLabels) add(w, PARTISAN);
for (const w of framing.ours.pejorativeLabels) add(w, PEJORATIVE);
for (const w of framing.ours.timeReferences) add(w, TIME);

const isVowel = (c: string | undefined) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';

/** One syllable ending consonant-vowel-consonant ("slam", "rip"): the consonant doubles before -ed and -ing. */
function doublesFinal(w: string): boolean {
  const n = w.length;
  const last = w[n - 1]!;
  if (n < 3 || last === 'w' || last === 'x' || last === 'y' || isVowel(last) || !isVowel(w[n - 2]) || isVowel(w[n - 3])) return false;
  let syllables = 0;
  for (let i = 0; i < n; i++) if (isVowel(w[i]) && !isVowel(w[i - 1])) syllables++;
  return syllables === 1;
}

/**
 * The regular inflections of a listed word, whatever its part of speech: -s, -ed, -ing and -ly
 * ("slam" -> slams, slammed, slamming, slamly). Forms that are not English words are harmless: they
 * never occur in text. Irregular forms come from the lists themselves.
 */
export function wordInflections(w: string): string[] {
  const n = w.length;
  const last = w[n - 1]!;
  const consonantY = last === 'y' && !isVowel(w[n - 2]);
  const out: string[] = [];
  if (/(?:s|x|z|ch|sh)$/.test(w)) out.push(w + 'es');
  else if (consonantY) out.push(w.slice(0, -1) + 'ies');
  else out.push(w + 's');
  if (last === 'e') out.push(w + 'd', w.endsWith('ie') ? w.slice(0, -2) + 'ying' : /[eoy]e$/.test(w) ? w + 'ing' : w.slice(0, -1) + 'ing');
  else if (consonantY) out.push(w.slice(0, -1) + 'ied', w + 'ing');
  else if (doublesFinal(w)) out.push(w + last + 'ed', w + last + 'ing');
  else out.push(w + 'ed', w + 'ing');
  if (w.endsWith('le') && !isVowel(w[n - 3])) out.push(w.slice(0, -1) + 'y');
  else if (consonantY) out.push(w.slice(0, -1) + 'ily');
  else if (w.endsWith('ic')) out.push(w + 'ally');
  else if (!w.endsWith('ly')) out.push(w + 'ly');
  return out;
}

/** Opinion lists whose words lend their bits to their inflections. */
const INFLECTED_LISTS = STRONG | NEGATIVE | POSITIVE;
for (const [word, bits] of wordBits) {
  const listed = bits & INFLECTED_LISTS;
  if (listed === 0 || word.length < 3 || !/^[a-z]+$/.test(word)) continue;
  wordInflections(word).forEach((form, index) => {
    const missing = listed & ~(wordBits.get(form) ?? 0);
    if (missing === 0) return;
    inflectedBits.set(form, (inflectedBits.get(form) ?? 0) | missing);
    if (index > 0) shownInflectedBits.set(form, (shownInflectedBits.get(form) ?? 0) | missing);
  });
}
// Added after the inflection pass: these verbs are our own list and are inflected here in full.
for (const verb of framing.ours.loadedSpeechVerbs) for (const form of [verb, ...wordInflections(verb)]) add(form, LOADED_SPEECH);
for (const form of markedForms) add(form, MARKED);

/**
 * What framingCounts needs of a word, from one lookup instead of five (its own bits, those it inherits
 * as an inflection, counted and shown, the phrases it starts, its words-model weight): the maps are
 * large, and each lookup of a token is a likely cache miss. Built once, after every list is in.
 */
interface WordFacts {
  own: number;
  inflected: number;
  shownInflected: number;
  phrases: Array<{ rest: string[]; bits: number }> | undefined;
  weight: number;
}
const wordFacts = new Map<string, WordFacts>();
function factsOf(word: string): WordFacts {
  let facts = wordFacts.get(word);
  if (!facts) wordFacts.set(word, (facts = { own: 0, inflected: 0, shownInflected: 0, phrases: undefined, weight: 0 }));
  return facts;
}
for (const [word, bits] of wordBits) factsOf(word).own = bits;
for (const [word, bits] of inflectedBits) factsOf(word).inflected = bits;
for (const [word, bits] of shownInflectedBits) factsOf(word).shownInflected = bits;
for (const [word, phrases] of phraseRoot) factsOf(word).phrases = phrases;
for (const [word, weight] of wordWeights) factsOf(word).weight = weight;

/** The list bits of a word as written, with those it inherits as an inflection of a listed word (the fitting scripts read them). */
export function wordListBits(word: string): number {
  return (wordBits.get(word) ?? 0) | (inflectedBits.get(word) ?? 0);
}

/** The lists of opinion and camp words: a word in any of them may be tagged (tagged.ts). */
const OPINION = STRONG | NEGATIVE | POSITIVE | PARTISAN;

/** Strongly subjective and negative: the words the analyzer lists as loaded language. */
export const LOADED = STRONG | NEGATIVE;
/** Strongly subjective and positive: praise ("peacock terms"). */
export const PEACOCK = STRONG | POSITIVE;
/**
 * Words that never count as loaded opinion words: events and topics ("killed", "inequality"), and
 * neutral reporting verbs ("disputed", "denied", "said"), which tell who said what without judging it.
 */
const NEVER_OPINION = NOT_LOADED | REPORT | ATTRIBUTION;

export type LoadedKind = 'opinion' | 'speech' | 'label' | 'marked';

/**
 * Why a word is loaded language, or null. Judging speech verbs and pejorative labels are loaded
 * whatever the opinion lists say. `own` bits come from the word as written; `shown` adds those it
 * inherits as an inflection of a listed word.
 */
function loadedKindOf(own: number, shown: number): LoadedKind | null {
  if (own & LOADED_SPEECH) return 'speech';
  if (own & PEJORATIVE) return 'label';
  if ((shown & LOADED) === LOADED && (own & NEVER_OPINION) === 0) return 'opinion';
  return null;
}

/** A word the annotators often mark, shown unless it is an event, attribution or report word ("disputed", "said"). */
const isMarkedShown = (own: number) => (own & MARKED) !== 0 && (own & NEVER_OPINION) === 0;

/** A word of the published opinion lists (strongly subjective, negative, positive) or our partisan labels, or an inflection of one. */
export function isOpinionWord(word: string): boolean {
  return (wordListBits(word) & OPINION) !== 0;
}

/** An event or topic word, an attribution word or a report verb ("killed", "said", "disputed"): never loaded as an opinion. */
export function neverOpinion(word: string): boolean {
  return ((wordBits.get(word) ?? 0) & NEVER_OPINION) !== 0;
}

/** Why a word is shown as loaded language ("opinion", "speech", "label", "marked"), or null when it is not. */
export function loadedKind(word: string): LoadedKind | null {
  const own = wordBits.get(word) ?? 0;
  return loadedKindOf(own, own | (shownInflectedBits.get(word) ?? 0)) ?? (isMarkedShown(own) ? 'marked' : null);
}

/** The list bits that each add one to a count of their own (a token may carry several). */
const COUNTED_BITS: ReadonlyArray<readonly [number, 'strong' | 'negative' | 'positive' | 'hedges' | 'reportVerbs' | 'factives' | 'assertives' | 'implicatives' | 'intensifiers' | 'address' | 'partisan' | 'loadedSpeech' | 'pejorative']> = [
  [STRONG, 'strong'], [NEGATIVE, 'negative'], [POSITIVE, 'positive'], [HEDGE, 'hedges'], [REPORT, 'reportVerbs'],
  [FACTIVE, 'factives'], [ASSERTIVE, 'assertives'], [IMPLICATIVE, 'implicatives'], [INTENSIFIER, 'intensifiers'],
  [ADDRESS, 'address'], [PARTISAN, 'partisan'], [LOADED_SPEECH, 'loadedSpeech'], [PEJORATIVE, 'pejorative'],
];

export interface FramingCounts {
  tokens: number;
  sentences: number;
  strong: number;
  negative: number;
  positive: number;
  loaded: number;
  hedges: number;
  reportVerbs: number;
  factives: number;
  assertives: number;
  implicatives: number;
  intensifiers: number;
  mannerAdverbs: number;
  properNouns: number;
  partisan: number;
  /** Judging speech verbs ("claimed"). */
  loadedSpeech: number;
  /** Pejorative labels for groups ("mob"). */
  pejorative: number;
  /**
   * Strongly subjective words of positive opinion ("brilliant", "heroic"): the praise that
   * Wikipedia's neutral-point-of-view guide calls peacock terms. Counted, not shown (see README).
   */
  peacock: number;
  /** References to time ("Tuesday", "last week"). */
  timeReferences: number;
  /** Sum of the words model's weights over the tokens (words.ts). */
  wordEvidence: number;
  /** Sum of the content words' lean a(w), and how many content words have one (vectors.ts). */
  vectorLean: number;
  vectorWords: number;
  hyphenated: number;
  letters: number;
  address: number;
  attributedSentences: number;
  numericSentences: number;
  quotedSentences: number;
  exclaimOrQuestionSentences: number;
  /** Token indexes of loaded words, not counting tokens already covered by lexicon terms. */
  loadedTokens: number[];
  /**
   * Token indexes of the other opinion words (strongly subjective, negative, positive or partisan in
   * the lists, or an inflection of one; not an event, attribution or report word; not a term's word,
   * not a capitalised word inside a sentence): the words `tagged.ts` may show once the text is scored.
   */
  opinionTokens: number[];
  /**
   * Token indexes of the other words the tagger may show: content words with a vector (vectors.ts),
   * not a term's word, not a capitalised word inside a sentence, not an event, attribution or report
   * word, and neither loaded nor an opinion word of the lists (those are above).
   */
  vectorTokens: number[];
}

/**
 * Hyphenated words the tagger may show, whole ("anti-science", "gun-toting"), by their first token: none
 * of their parts a term's, a coded or an already loaded word, the first not a capitalised word inside a
 * sentence, and the whole with a vector of its own or from its parts (vectors.ts `vectorOf`).
 */
function compoundCandidates(tokens: Tokens, taken: Uint8Array, coded: Uint8Array | undefined, loadedAt: Uint8Array, vectors: ReadonlyMap<string, WordVector>, out: number[]): void {
  for (let i = 0; i + 1 < tokens.count; i++) {
    if ((tokens.shape[i + 1]! & HYPHENATED) === 0 || (tokens.shape[i]! & HYPHENATED) !== 0) continue;
    const end = compoundEnd(tokens, i);
    let ok = (tokens.shape[i]! & TITLE) === 0 || tokens.sentenceStart[tokens.sentence[i]!] === i;
    for (let k = i; ok && k <= end; k++) ok = !taken[k] && !loadedAt[k] && !(coded && coded[k]);
    if (ok && vectorOf(wordAt(tokens, i), vectors) !== undefined) out.push(i);
    i = end;
  }
}

/**
 * Bits of every token (phrases of a list mark their first token). `coded` marks the words of coded
 * terms (codewords): they are left out of every count and rate here, so that a coded term changes the
 * score only through the term features (which only raise it), never by diluting a rate, lengthening the
 * words or carrying a word weight of its own (issue 31: adding a coded term never lowers a score).
 */
export function framingCounts(tokens: Tokens, taken: Uint8Array, coded?: Uint8Array, vectors: ReadonlyMap<string, WordVector> = wordVectors): FramingCounts {
  const n = tokens.count;
  const sentences = tokens.sentenceStart.length;
  let codedWords = 0;
  if (coded) for (let i = 0; i < n; i++) codedWords += coded[i]!;
  const c: FramingCounts = {
    tokens: n - codedWords, sentences, strong: 0, negative: 0, positive: 0, loaded: 0, hedges: 0, reportVerbs: 0,
    factives: 0, assertives: 0, implicatives: 0, intensifiers: 0, mannerAdverbs: 0, properNouns: 0, partisan: 0, loadedSpeech: 0, pejorative: 0, peacock: 0, timeReferences: 0, wordEvidence: 0, vectorLean: 0, vectorWords: 0, hyphenated: 0, letters: 0,
    address: 0, attributedSentences: 0, numericSentences: 0, quotedSentences: 0,
    exclaimOrQuestionSentences: 0, loadedTokens: [], opinionTokens: [], vectorTokens: [],
  };
  let lastAttributed = -1;
  let lastNumeric = -1;
  const loadedAt = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (codedWords > 0 && coded![i] === 1) continue;
    const word = tokens.norm[i]!;
    const sentence = tokens.sentence[i]!;
    const shape = tokens.shape[i]!;
    if ((shape & DIGIT) !== 0 && lastNumeric !== sentence) { c.numericSentences++; lastNumeric = sentence; }
    if ((shape & TITLE) !== 0 && tokens.sentenceStart[sentence] !== i) c.properNouns++;
    if ((shape & HYPHENATED) !== 0) c.hyphenated++;
    c.letters += word.length;
    const adverbShape = word.length > 4 && word.endsWith('ly');
    const facts = wordFacts.get(word);
    const vector = vectors.get(word);
    if (vector !== undefined && vector.lean !== null) {
      c.vectorLean += vector.lean;
      c.vectorWords++;
    }
    // A word a reader may be shown: not a term's word, not a capitalised word inside a sentence (a name),
    // not a part of a hyphenated word (annotators mark "anti-science" whole; the whole is a candidate below).
    const inCompound = (shape & HYPHENATED) !== 0 || (i + 1 < n && (tokens.shape[i + 1]! & HYPHENATED) !== 0);
    const showable = !taken[i] && !inCompound && ((shape & TITLE) === 0 || tokens.sentenceStart[sentence] === i);
    if (facts === undefined) {
      // In no list, starting no phrase, no weight: its shape (and its vector) is all it adds.
      if (adverbShape) c.mannerAdverbs++;
      if (vector !== undefined && showable) c.vectorTokens.push(i);
      continue;
    }
    // Loaded words are single words of the lists; a phrase ("in my view", "long-time") or an inflection
    // the lists do not name ("deplored") adds to the counts only.
    const ownBits = facts.own;
    const wordOnly = ownBits | facts.inflected;
    let bits = wordOnly;
    const phrases = facts.phrases;
    if (phrases) {
      for (const { rest, bits: phraseBits } of phrases) {
        let ok = i + rest.length < n;
        for (let k = 0; ok && k < rest.length; k++) ok = tokens.norm[i + 1 + k] === rest[k];
        if (ok) bits |= phraseBits;
      }
    }
    if (adverbShape && (bits & NOT_MANNER) === 0) c.mannerAdverbs++;
    c.wordEvidence += facts.weight;
    if (bits === 0) {
      if (vector !== undefined && showable && (ownBits & NEVER_OPINION) === 0) c.vectorTokens.push(i);
      continue;
    }
    for (const [bit, count] of COUNTED_BITS) if (bits & bit) c[count]++;
    if ((bits & PEACOCK) === PEACOCK && (ownBits & NEVER_OPINION) === 0) c.peacock++;
    if (bits & TIME) c.timeReferences++;
    if ((bits & ATTRIBUTION) !== 0 && lastAttributed !== sentence) { c.attributedSentences++; lastAttributed = sentence; }
    // The feature counts every inflection; the reader is shown the listed forms and their -ed, -ing
    // and -ly forms, not the -s form, which is as often another word ("plots" of land from "plot").
    // Marked words are shown only: counting them would feed the fit half's own marks back into loadedLog.
    const counted = loadedKindOf(ownBits, wordOnly) !== null;
    if (counted) c.loaded++;
    if (!taken[i] && ((counted && loadedKindOf(ownBits, ownBits | facts.shownInflected) !== null) || isMarkedShown(ownBits))) { c.loadedTokens.push(i); loadedAt[i] = 1; }
    else if (showable && (ownBits & NEVER_OPINION) === 0) {
      if ((wordOnly & OPINION) !== 0) c.opinionTokens.push(i);
      else if (vector !== undefined) c.vectorTokens.push(i);
    }
  }
  compoundCandidates(tokens, taken, coded, loadedAt, vectors, c.vectorTokens);
  for (let s = 0; s < sentences; s++) {
    const flags = tokens.sentenceFlags[s]!;
    if (flags & SENTENCE_QUOTE) c.quotedSentences++;
    if (flags & (SENTENCE_EXCLAMATION | SENTENCE_QUESTION)) c.exclaimOrQuestionSentences++;
  }
  return c;
}

/**
 * A prior, not fitted: a euphemism or agency-hiding phrase counts half as much as a covert codeword.
 * BABE's annotators judged subjective wording, and neutral wire copy is full of agentless passives,
 * so a weight fitted on BABE alone would read agency-hiding as a sign of neutrality (see README).
 */
export const OTHER_TERM_WEIGHT = 0.5;

export interface TermCounts {
  codewords: number;
  otherTerms: number;
}

/**
 * Every feature the score may use. Rates per token or per sentence keep a 20-word sentence and a
 * 2,000-word article on one scale; term counts enter as log(1 + n), so each further coded term adds
 * less than the one before, whatever the length of the text.
 */
export const FEATURES: Record<string, (c: FramingCounts, t: TermCounts) => number> = {
  strongSubjectiveRate: (c) => c.strong / c.tokens,
  negativeRate: (c) => c.negative / c.tokens,
  positiveRate: (c) => c.positive / c.tokens,
  loadedPerSentence: (c) => c.loaded / c.sentences,
  hedgeRate: (c) => c.hedges / c.tokens,
  reportVerbRate: (c) => c.reportVerbs / c.tokens,
  factiveAssertiveRate: (c) => (c.factives + c.assertives) / c.tokens,
  implicativeRate: (c) => c.implicatives / c.tokens,
  intensifierPerSentence: (c) => c.intensifiers / c.sentences,
  mannerAdverbRate: (c) => c.mannerAdverbs / c.tokens,
  properNounRate: (c) => c.properNouns / c.tokens,
  addressPerSentence: (c) => c.address / c.sentences,
  partisanRate: (c) => c.partisan / c.tokens,
  loadedSpeechRate: (c) => c.loadedSpeech / c.tokens,
  pejorativeRate: (c) => c.pejorative / c.tokens,
  loadedLog: (c) => Math.log1p(c.loaded),
  strongLog: (c) => Math.log1p(c.strong),
  peacockLog: (c) => Math.log1p(c.peacock),
  timeRate: (c) => c.timeReferences / c.tokens,
  speechLog: (c) => Math.log1p(c.loadedSpeech + c.pejorative),
  /** The words model (words.ts) per sentence: for one sentence, the sum of its words' fitted weights. */
  wordEvidence: (c) => c.wordEvidence / c.sentences,
  /** Word vectors (vectors.ts): the mean lean of the content words that have one. */
  vectorLean: (c) => (c.vectorWords > 0 ? c.vectorLean / c.vectorWords : 0),
  hyphenRate: (c) => c.hyphenated / c.tokens,
  meanWordLength: (c) => c.letters / c.tokens,
  attributedShare: (c) => c.attributedSentences / c.sentences,
  numericShare: (c) => c.numericSentences / c.sentences,
  quotedShare: (c) => c.quotedSentences / c.sentences,
  exclaimQuestionShare: (c) => c.exclaimOrQuestionSentences / c.sentences,
  logTokensPerSentence: (c) => Math.log(c.tokens / c.sentences),
  codewordsLog: (_c, t) => Math.log1p(t.codewords),
  otherTermsLog: (_c, t) => Math.log1p(t.otherTerms),
  lexiconTermsLog: (_c, t) => Math.log1p(t.codewords + OTHER_TERM_WEIGHT * t.otherTerms),
};

/** FEATURES as a list, taken once: a call would otherwise build an array of entries per article. */
const featureList = Object.entries(FEATURES);

/** The features of the lexicon's terms: they do not depend on the other words, and count even in a text of terms alone. */
const TERM_FEATURES = new Set(['codewordsLog', 'otherTermsLog', 'lexiconTermsLog']);

export function featureVector(counts: FramingCounts, terms: TermCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, f] of featureList) out[name] = counts.tokens === 0 && !TERM_FEATURES.has(name) ? 0 : f(counts, terms);
  return out;
}
