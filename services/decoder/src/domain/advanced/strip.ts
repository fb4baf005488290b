/**
 * The per-sentence bias strip: each sentence of an article scored on its own by the embedded scorer
 * (the same features, weights and threshold as the article's score, analyzer/score.ts), so a reader
 * sees where in the article the loaded wording sits rather than one number for the whole.
 */
import { FEATURES, framingCounts, type FramingCounts, type TermCounts } from '../analyzer/framing.ts';
import { compiledLexicon } from '../analyzer/lexicon.ts';
import { findOccurrences, PASSIVE } from '../analyzer/match.ts';
import { scoreFeatures, weights, wordingRaised } from '../analyzer/score.ts';
import { tokenize, type Tokens } from '../analyzer/tokenize.ts';

export interface StripSentence {
  /** UTF-16 offsets of the sentence in the article: `text.slice(start, end)`. */
  start: number;
  end: number;
  /** 0-100 on the article score's scale; at or above the threshold is 'Biased'. */
  score: number;
}

/** A longer article keeps its first sentences in the strip: 400 sentences are about 8,000 words. */
export const STRIP_MAX_SENTENCES = 400;

/** The features the shipped weights use, taken once: a sentence needs only these, not all of FEATURES. */
const SCORED = Object.keys(weights.weights).map((name) => {
  const feature = FEATURES[name];
  if (!feature) throw new Error(`weights.json names an unknown feature "${name}"`);
  return [name, feature] as const;
});
/** As featureVector: the lexicon's term features count even in a text of coded terms alone. */
const TERM_FEATURES = new Set(['codewordsLog', 'otherTermsLog', 'lexiconTermsLog']);

function scoredFeatures(counts: FramingCounts, terms: TermCounts): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, feature] of SCORED) out[name] = counts.tokens === 0 && !TERM_FEATURES.has(name) ? 0 : feature(counts, terms);
  return out;
}

/**
 * The score of a text exactly as the embedded analyzer computes an article's score (analyzeDetailed),
 * without its findings, summary and translation. Tested equal to analyzeArticle(text).score.
 */
export function scoreText(text: string): number {
  const tokens = tokenize(text);
  if (tokens.count === 0) return 0;
  const taken = new Uint8Array(tokens.count);
  const occurrences = findOccurrences(text, tokens, taken);
  const coded = new Uint8Array(tokens.count);
  let codewords = 0;
  let otherTerms = 0;
  for (const o of occurrences) {
    const entry = o.entry === PASSIVE ? null : compiledLexicon.entries[o.entry]!;
    if (entry?.is_codeword) {
      codewords++;
      coded.fill(1, o.firstToken, o.endToken);
    } else otherTerms++;
  }
  const features = scoredFeatures(framingCounts(tokens, taken, coded), { codewords, otherTerms });
  const scored = scoreFeatures(features, true);
  return scored.score >= weights.threshold && !wordingRaised(features) ? weights.threshold - 1 : scored.score;
}

function countOf(text: string, char: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text[i] === char) n++;
  return n;
}

/** Marks that open a sentence right before its first word: quotes, brackets, an HTML tag's "<", Spanish ¿ and ¡. */
const OPENERS = /[\u201c\u2018"(\[<\u00bf\u00a1]/;
/** What a sentence's end gives back to the next one: spaces and the openers, bar '"' (its count decides, below). */
const NOT_AN_ENDING = /[\s\u201c\u2018(\[<\u00bf\u00a1]/;

/** Where each sentence of the tokens lies in the text: from its first word to just before the next sentence's. */
export function sentenceSpans(text: string, tokens: Tokens): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  const n = tokens.sentenceStart.length;
  for (let s = 0; s < n; s++) {
    const first = tokens.sentenceStart[s]!;
    const nextFirst = s + 1 < n ? tokens.sentenceStart[s + 1]! : tokens.count;
    if (nextFirst <= first) continue;
    let start = tokens.start[first]!;
    // An opening mark right before the first word belongs to the sentence.
    const floor = spans.length > 0 ? spans[spans.length - 1]!.end : 0;
    while (start > floor && OPENERS.test(text[start - 1]!)) start--;
    let end = s + 1 < n ? tokens.start[nextFirst]! : text.length;
    // The sentence keeps its closing punctuation and quote marks, not the space or an opening quote before the next one.
    while (end > tokens.end[nextFirst - 1]! && NOT_AN_ENDING.test(text[end - 1]!)) end--;
    if (end > tokens.end[nextFirst - 1]! && text[end - 1] === '"' && countOf(text, '"', start, end) % 2 === 1) end--;
    while (end > tokens.end[nextFirst - 1]! && /\s/.test(text[end - 1]!)) end--;
    spans.push({ start, end });
  }
  return spans;
}

export function biasStrip(text: string, tokens: Tokens = tokenize(text)): { sentences: StripSentence[]; total: number } {
  const spans = sentenceSpans(text, tokens);
  const shown = spans.slice(0, STRIP_MAX_SENTENCES);
  return {
    sentences: shown.map(({ start, end }) => ({ start, end, score: scoreText(text.slice(start, end)) })),
    total: spans.length,
  };
}
