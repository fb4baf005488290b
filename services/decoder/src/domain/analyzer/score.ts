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
import weightsData from './data/weights.json' with { type: 'json' };

export interface Weights {
  intercept: number;
  weights: Record<string, number>;
  threshold: number;
}

export const weights = weightsData as Weights;

export interface ScoreBreakdown {
  score: number;
  z: number;
  probability: number;
  contributions: Record<string, number>;
}

/** The shipped weights as a list, taken once (the JSON is never changed at run time). */
const shippedWeights = Object.entries(weights.weights);

export function scoreFeatures(features: Record<string, number>, hasWords: boolean, w: Weights = weights): ScoreBreakdown {
  let z = w.intercept;
  const contributions: Record<string, number> = {};
  for (const [name, weight] of w === weights ? shippedWeights : Object.entries(w.weights)) {
    const value = features[name];
    if (value === undefined) throw new Error(`weights.json names an unknown feature "${name}"`);
    const c = weight * value;
    contributions[name] = c;
    z += c;
  }
  const probability = 1 / (1 + Math.exp(-z));
  const score = hasWords ? Math.min(100, Math.max(0, Math.round(100 * probability))) : 0;
  return { score, z, probability, contributions };
}
