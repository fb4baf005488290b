/**
 * Framing signals of a text: one pass over its tokens counts the words of each list (word-lists.ts),
 * the candidates the tagger may show, and the shapes the score reads (hyphens, figures, capitals,
 * quotes); the features are rates, so a sentence and an article are measured on the same scale.
 */
import { compoundEnd, compoundStart, DIGIT, HYPHENATED, SENTENCE_EXCLAMATION, SENTENCE_QUESTION, SENTENCE_QUOTE, TITLE, readsAsName, wordAt, type Tokens } from './tokenize.ts';
import { vectorOf, wordVectors, type WordVector } from './vectors.ts';
import {
  ADDRESS, ASSERTIVE, ATTRIBUTION, FACTIVE, HEDGE, IMPLICATIVE, INTENSIFIER, isMarkedShown, LOADED_SPEECH, loadedKindOf,
  NEGATIVE, NEVER_OPINION, NOT_MANNER, OPINION, PARTISAN, PEACOCK, PEJORATIVE, POSITIVE, REPORT, STRONG, TIME, wordFacts,
} from './word-lists.ts';

/** The list bits that each add one to a count of their own (a token may carry several). */
const COUNTED_BITS: ReadonlyArray<readonly [number, 'strong' | 'negative' | 'positive' | 'hedges' | 'reportVerbs' | 'factives' | 'assertives' | 'implicatives' | 'intensifiers' | 'address' | 'partisan' | 'loadedSpeech' | 'pejorative']> = [
  [STRONG, 'strong'], [NEGATIVE, 'negative'], [POSITIVE, 'positive'], [HEDGE, 'hedges'], [REPORT, 'reportVerbs'],
  [FACTIVE, 'factives'], [ASSERTIVE, 'assertives'], [IMPLICATIVE, 'implicatives'], [INTENSIFIER, 'intensifiers'],
  [ADDRESS, 'address'], [PARTISAN, 'partisan'], [LOADED_SPEECH, 'loadedSpeech'], [PEJORATIVE, 'pejorative'],
];

export interface FramingCounts {
  /** Tokens less the words of coded terms: the denominator of every rate. */
  tokens: number;
  /** The text's words as a reader counts them (a hyphenated word is one): what the summary reports. */
  words: number;
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
 * Token i is joined to the word before it by a hyphen, and both are words: "far-left", "so-called".
 * A hyphen next to a figure joins a tally, a span or a name ("5-2", "2019-20", "COVID-19"), not a label.
 */
export function isLabelHyphen(tokens: Tokens, i: number): boolean {
  return (tokens.shape[i]! & HYPHENATED) !== 0 && ((tokens.shape[i]! | tokens.shape[i - 1]!) & DIGIT) === 0;
}

/** The text's hyphenated labels as written, lower-cased, the first `limit` different ones (coded terms aside), for the evidence. */
export function hyphenatedLabels(text: string, tokens: Tokens, coded: Uint8Array, limit = 3): string[] {
  const labels: string[] = [];
  for (let i = 1; i < tokens.count && labels.length < limit; i++) {
    if (!isLabelHyphen(tokens, i) || coded[i] || coded[i - 1]) continue;
    const first = compoundStart(tokens, i);
    const last = compoundEnd(tokens, first);
    const label = text.slice(tokens.start[first]!, tokens.end[last]!).toLowerCase();
    if (!labels.includes(label)) labels.push(label);
    i = last;
  }
  return labels;
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
    let ok = !readsAsName(tokens, i);
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
  let joined = 0;
  for (let i = 0; i < n; i++) if ((tokens.shape[i]! & HYPHENATED) !== 0) joined++;
  const c: FramingCounts = {
    tokens: n - codedWords, words: n - joined, sentences, strong: 0, negative: 0, positive: 0, loaded: 0, hedges: 0, reportVerbs: 0,
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
    if (isLabelHyphen(tokens, i)) c.hyphenated++;
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
    const showable = !taken[i] && !inCompound && !readsAsName(tokens, i);
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
