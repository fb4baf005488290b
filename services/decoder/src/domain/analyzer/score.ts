/**
 * THE SCORE (also in README.md, "Score").
 *
 *   x_k   = feature k of the text (framing.ts FEATURES): rates per token or per sentence, and
 *           log(1 + n) for counts of coded terms, so that length does not decide the score
 *   z     = b + sum_k w_k * x_k                    (b, w_k: data/weights.json; one feature, wordEvidence, sums the fitted
 *                                                 weights of data/word-weights.json, see words.ts)
 *   p     = 1 / (1 + e^-z)                         (logistic: the fitted chance that an annotator calls it biased)
 *   score = round(100 * p), and 0 for a text with no words
 *   'Biased' when score >= threshold               (threshold: data/weights.json)
 *
 * The features, b, w_k and the threshold are chosen and fitted by scripts/fit-weights.ts (greedy
 * forward selection by cross-validated AUC, then L2-regularised logistic regression, all written out
 * by hand) on one deterministic half of BABE's development sentences; the other half is kept for the
 * held-out figures. The words model's stem weights (words.ts) are fitted there too, under
 * cross-validation. Nothing else is tuned: no per-sentence rules, no BABE sentence.
 */
import referenceData from './data/reference.json' with { type: 'json' };
import weightsData from './data/weights.json' with { type: 'json' };
import type { TaggerWeights } from './tagged.ts';

export interface Weights {
  intercept: number;
  weights: Record<string, number>;
  threshold: number;
  /** The opinion words shown once the text is scored (tagged.ts); absent: none. */
  tagger?: TaggerWeights;
}

export const weights = weightsData as Weights;

/** The fit half's typical sentence and the range of its shape features (scripts/reference-profile.ts). */
export interface Reference {
  typical: Record<string, number>;
  ranges: Record<string, [number, number]>;
}

export const reference = referenceData as unknown as Reference;

/**
 * A feature as the score reads it: the shape of a text (words per sentence, letters per word) is
 * clamped to the range of the sentences the weights were fitted on (1st to 99th percentile of the fit
 * half), so that a five-word line is read like the shortest sentences the score has seen rather than
 * by extending their trend. Counts and rates of kinds of words are not clamped: more of them is more
 * evidence.
 */
export function scoredValue(name: string, value: number): number {
  const range = reference.ranges[name];
  return range ? Math.min(range[1], Math.max(range[0], value)) : value;
}

export interface ScoreBreakdown {
  score: number;
  z: number;
  probability: number;
  contributions: Record<string, number>;
}

/** The shipped weights as a list, taken once (the JSON is never changed at run time). */
const shippedWeights = Object.entries(weights.weights);

export function scoreFeatures(features: Record<string, number>, hasWords: boolean, w: Weights = weights, clamp = true): ScoreBreakdown {
  let z = w.intercept;
  const contributions: Record<string, number> = {};
  for (const [name, weight] of w === weights ? shippedWeights : Object.entries(w.weights)) {
    const value = features[name];
    if (value === undefined) throw new Error(`weights.json names an unknown feature "${name}"`);
    const c = weight * (clamp && name in reference.ranges ? scoredValue(name, value) : value);
    contributions[name] = c;
    z += c;
  }
  const probability = 1 / (1 + Math.exp(-z));
  const score = hasWords ? Math.min(100, Math.max(0, Math.round(100 * probability))) : 0;
  return { score, z, probability, contributions };
}

/** The features of a text's wording (its words and terms), as against its shape (lengths, attribution, figures). */
const WORDING_FEATURES = new Set(['lexiconTermsLog', 'wordEvidence', 'vectorLean', 'loadedLog', 'strongSubjectiveRate', 'mannerAdverbRate', 'loadedSpeechRate', 'addressPerSentence', 'peacockLog', 'hyphenRate', 'partisanRate', 'strongLog', 'speechLog', 'pejorativeRate', 'negativeRate', 'positiveRate', 'loadedPerSentence', 'intensifierPerSentence', 'codewordsLog', 'otherTermsLog']);

/**
 * A text is never called biased for its shape alone: when no feature of its wording is above the
 * typical sentence's in the direction that raises the score (a five-word weather line: short, no
 * source named), the score stays one below the threshold. On BABE's fit half no sentence is affected
 * (every sentence at or above the threshold has wording that raised it); short texts outside news
 * politics are, which the score's length trend was never fitted on.
 */
export function wordingRaised(features: Record<string, number>, w: Weights = weights): boolean {
  for (const [name, weight] of Object.entries(w.weights)) {
    if (!WORDING_FEATURES.has(name)) continue;
    if (weight * ((features[name] ?? 0) - (reference.typical[name] ?? 0)) > 0) return true;
  }
  return false;
}
