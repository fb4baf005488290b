/**
 * Words shown once a text is scored (issue 31, item 3: which words are highlighted).
 *
 * The lists' loaded words (strongly subjective and negative, judging speech verbs, pejorative
 * labels) are shown in a text scored Biased (index.ts). The other words a reader could be shown (the other opinion words of the
 * published lists, framing.ts `opinionTokens`, and any other content word with a vector,
 * `vectorTokens`) are shown too when a small logistic model gives them at least the fitted chance of
 * being wording that news annotators mark as biased:
 *
 *   q   = a + sum_j c_j * x_j         x: the word's lists (0/1), its words-model weight (words.ts), its
 *                                       vector's mark g(w) (vectors.ts), the text's score as a
 *                                       probability p = 1 / (1 + e^-z) (score.ts), and their products
 *
 * The score enters as p, not as its log-odds z: p is bounded, so a long text full of terms (whose z
 * grows with the log of their count, far beyond any one-sentence text the tagger was fitted on) is
 * read like the most loaded sentences of the fit, where z's products would push every word, "during"
 * and "man" included, over the threshold (cross-validated token F1 on the fit half: 0.4719 with p,
 * 0.4722 with z).
 *   shown  <=>  1 / (1 + e^-q) >= threshold   and, when `onlyBiased`, score >= the score's threshold
 *
 * The same word is shown in a text the score reads as loaded and left alone in a plain one ("storm"
 * in a weather report). Fitted by scripts/lib/fit/tagger.ts on the fit half of BABE (words the
 * annotators marked), its numbers in data/weights.json (`tagger`). Showing a word changes nothing in
 * the score: it is computed after it.
 */
import { NEGATIVE, PARTISAN, POSITIVE, STRONG, wordListBits } from './word-lists.ts';
import { wordAt, type Tokens } from './tokenize.ts';
import { markOf } from './vectors.ts';
import { wordWeights } from './words.ts';

/** The tagger's inputs, in the order of `taggerInputs`. */
export const TAGGER_FEATURES = ['strong', 'negative', 'positive', 'partisan', 'strongNegative', 'p', 'negativeP', 'strongP', 'word', 'wordP', 'mark', 'markP'] as const;
export type TaggerFeature = (typeof TAGGER_FEATURES)[number];

export interface TaggerWeights {
  intercept: number;
  weights: Record<TaggerFeature, number>;
  /** The least probability of a shown word. */
  threshold: number;
  /** Show tagged words only in a text whose score is at or above the score's threshold. */
  onlyBiased: boolean;
}

/** The inputs of one word: its lists, its words-model weight, its vector's mark, and the text's score as a probability p. */
export function taggerInputs(word: string, p: number, weight = wordWeights.get(word) ?? 0, mark = markOf(word)): number[] {
  const bits = wordListBits(word);
  const strong = bits & STRONG ? 1 : 0;
  const negative = bits & NEGATIVE ? 1 : 0;
  return [strong, negative, bits & POSITIVE ? 1 : 0, bits & PARTISAN ? 1 : 0, strong * negative, p, negative * p, strong * p, weight, weight * p, mark, mark * p];
}

/** The tagger's probability for inputs x. */
export function tagProbability(x: readonly number[], t: TaggerWeights): number {
  let q = t.intercept;
  for (let j = 0; j < TAGGER_FEATURES.length; j++) q += t.weights[TAGGER_FEATURES[j]!] * x[j]!;
  return 1 / (1 + Math.exp(-q));
}

/** The candidate tokens to show (opinion and vector tokens), given the text's score as a probability p (score.ts) and as shown (0-100). */
export function taggedTokens(tokens: Tokens, candidates: readonly number[], p: number, score: number, scoreThreshold: number, t: TaggerWeights | undefined): number[] {
  if (!t || candidates.length === 0 || (t.onlyBiased && score < scoreThreshold)) return [];
  // tagProbability(taggerInputs(word, p)) >= threshold, written out: no array per word, and the
  // probability compared as a log-odds (q >= logit(threshold)), so no exponential either.
  const w = t.weights;
  const minimum = Math.log(t.threshold / (1 - t.threshold));
  const base = t.intercept + w.p * p;
  const strongBase = w.strong + w.strongP * p;
  const negativeBase = w.negative + w.negativeP * p;
  const wordBase = w.word + w.wordP * p;
  const markBase = w.mark + w.markP * p;
  const out: number[] = [];
  for (const i of candidates) {
    const word = wordAt(tokens, i);
    const bits = wordListBits(word);
    let q = base + (wordWeights.get(word) ?? 0) * wordBase + markOf(word) * markBase;
    if (bits & STRONG) q += strongBase + (bits & NEGATIVE ? w.strongNegative : 0);
    if (bits & NEGATIVE) q += negativeBase;
    if (bits & POSITIVE) q += w.positive;
    if (bits & PARTISAN) q += w.partisan;
    if (q >= minimum) out.push(i);
  }
  return out;
}
