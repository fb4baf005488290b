/**
 * Repeated k-fold cross-validation on the fit half, for scripts/fit-weights.ts: fold assignments,
 * out-of-fold scores, the penalty by out-of-fold log-loss, and the threshold by out-of-fold macro F1.
 * Nothing here reads the held-out half.
 */
import { macroF1, rocAuc } from '../metrics.ts';
import { seededRandom } from '../seeded-random.ts';
import { fitLogistic, logLoss } from './logistic.ts';

/** Candidate L2 penalties (on standardised weights); the one with the lowest cross-validated log-loss on the fit half is used. */
export const L2_GRID = [0.1, 1, 3, 10, 30, 100, 300, 1000];
/** The threshold is judged by its mean out-of-fold macro F1 over itself and this many integers either side. */
export const THRESHOLD_WINDOW = 2;

/**
 * The folds of a cross-validation: `folds` folds, and one fold number per row for each repeat
 * (repeat 0: index mod folds; the others a seeded shuffle dealt out the same way). With gains of
 * about 0.001 between candidates, the split of a single 5-fold run decides as much as the feature
 * does, so the figures are averaged over the repeats.
 */
export interface Folds {
  folds: number;
  assignments: Int32Array[];
}

/** Rows dealt into `folds` folds: in order (seed null: index mod folds), or after a seeded shuffle, so every run draws the same folds. */
export function dealFolds(n: number, folds: number, seed: number | null): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i);
  if (seed !== null) {
    const next = seededRandom(seed);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  const fold = new Int32Array(n);
  order.forEach((row, position) => { fold[row] = position % folds; });
  return fold;
}

/** `repeats` fold assignments of n rows. */
export function makeFolds(n: number, folds: number, repeats: number): Folds {
  return { folds, assignments: Array.from({ length: repeats }, (_, repeat) => dealFolds(n, folds, repeat > 0 ? repeat : null)) };
}

/**
 * Out-of-fold linear scores z for one fold assignment: each row scored by the model fitted on the
 * other folds. `starts` carries each fold's solution from one penalty to the next (warm start).
 */
export function outOfFold(z: number[][], labels: number[], l2: number, fold: Int32Array, folds: number, starts?: number[][]): number[] {
  const out = new Array<number>(z.length).fill(0);
  for (let f = 0; f < folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < z.length; i++) (fold[i] === f ? test : train).push(i);
    const b = fitLogistic(train.map((i) => z[i]!), train.map((i) => labels[i]!), l2, starts?.[f]);
    if (starts) starts[f] = b;
    for (const i of test) out[i] = z[i]!.reduce((s, v, k) => s + v * b[k + 1]!, b[0]!);
  }
  return out;
}

/** Mean of the per-fold ROC AUC of out-of-fold scores. */
export function foldAuc(scores: number[], labels: number[], fold: Int32Array, folds: number): number {
  let sum = 0;
  for (let f = 0; f < folds; f++) {
    const test: number[] = [];
    for (let i = 0; i < scores.length; i++) if (fold[i] === f) test.push(i);
    sum += rocAuc(test.map((i) => scores[i]!), test.map((i) => labels[i] === 1));
  }
  return sum / folds;
}

export interface CrossValidation {
  l2: number;
  auc: number;
  logLoss: number;
  grid: Array<{ l2: number; auc: number; logLoss: number }>;
}

/**
 * Repeated cross-validation for each penalty of the grid. The penalty is chosen by the out-of-fold
 * log-loss, a proper scoring rule: the AUC depends only on the order of the scores, so it cannot tell
 * a penalty that squeezes every probability towards 0.5 (which moves the threshold and the shown
 * score) from one that does not. The AUC reported is that of the chosen penalty, and it is what the
 * feature selection compares.
 */
export function crossValidate(z: number[][], labels: number[], cv: Folds): CrossValidation {
  const aucs = new Array<number>(L2_GRID.length).fill(0);
  const losses = new Array<number>(L2_GRID.length).fill(0);
  for (const fold of cv.assignments) {
    const starts: number[][] = [];
    L2_GRID.forEach((l2, g) => {
      const scores = outOfFold(z, labels, l2, fold, cv.folds, starts);
      aucs[g]! += foldAuc(scores, labels, fold, cv.folds);
      losses[g]! += logLoss(scores, labels);
    });
  }
  const grid = L2_GRID.map((l2, g) => ({ l2, auc: aucs[g]! / cv.assignments.length, logLoss: losses[g]! / cv.assignments.length }));
  const best = grid.reduce((b, c) => (c.logLoss < b.logLoss - 1e-12 ? c : b));
  return { l2: best.l2, auc: best.auc, logLoss: best.logLoss, grid };
}

/**
 * The decision threshold, chosen on out-of-fold scores: each fit-half sentence is scored by a model
 * that did not see it, as a new text would be, so the threshold is not pulled by the in-sample fit
 * (in-sample scores are more extreme than those of unseen text). The macro F1 of neighbouring
 * integers differs by chance from one sentence to the next, so each candidate is judged by the mean
 * macro F1 over it and THRESHOLD_WINDOW integers either side, and over the fold assignments.
 */
export function chooseThreshold(scoreSets: number[][], gold: boolean[]): { threshold: number; smoothedMacroF1: number; macroF1: number } {
  const f1 = new Map<number, number>();
  for (let t = 1; t <= 99; t++) f1.set(t, scoreSets.reduce((s, scores) => s + macroF1(scores.map((v) => v >= t), gold), 0) / scoreSets.length);
  let threshold = 50;
  let best = -1;
  for (let t = 1 + THRESHOLD_WINDOW; t <= 99 - THRESHOLD_WINDOW; t++) {
    let sum = 0;
    for (let d = -THRESHOLD_WINDOW; d <= THRESHOLD_WINDOW; d++) sum += f1.get(t + d)!;
    const mean = sum / (2 * THRESHOLD_WINDOW + 1);
    if (mean > best + 1e-12) { best = mean; threshold = t; }
  }
  return { threshold, smoothedMacroF1: best, macroF1: f1.get(threshold)! };
}

/** Out-of-fold scores 0-100 for every fold assignment (0 for a text with no words, as the analyzer gives). */
export function outOfFoldScores(z: number[][], labels: number[], l2: number, hasWords: boolean[], cv: Folds): number[][] {
  return cv.assignments.map((fold) => outOfFold(z, labels, l2, fold, cv.folds).map((zz, i) => (hasWords[i] ? Math.round(100 / (1 + Math.exp(-zz))) : 0)));
}
