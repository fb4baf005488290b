/**
 * The words model as a column of the score (feature `wordEvidence`), for scripts/fit-weights.ts:
 * its penalty, its cross-fitted values on a training set and its values on other rows; and the
 * choice of the marked words shown as loaded language (only with --show-marked). The model itself
 * is ../words-model.ts.
 */
import { crossFitted, displayCounts, fitWordsModel, markedStems, wordEvidence, type DisplayRow, type WordsRow } from '../words-model.ts';
import type { Folds } from './cross-validation.ts';
import { logLoss } from './logistic.ts';

/** The feature whose values come from the words model. */
export const WORDS_FEATURE = 'wordEvidence';
/** Candidate L2 penalties of the words model's stem columns; the one with the lowest cross-validated log-loss is used. */
export const WORDS_L2_GRID = [3, 10, 30, 100];
/** Significant digits of a shipped stem weight. */
export const WORD_WEIGHT_DIGITS = 4;
/** Candidate minimum marked rates for showing a word; Infinity shows none. */
export const SHOWN_RATE_GRID = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, Infinity];

export interface WordsColumn {
  /** The feature for each row of `train` (cross-fitted) and of `apply` (from the model fitted on all of `train`). */
  train: number[];
  apply: number[];
  l2: number;
  table: Map<string, number>;
  fitted: ReturnType<typeof fitWordsModel>;
}

/** The rows, and the stems left out as names and figures, that the words model is fitted on. */
export interface WordsData {
  rows: WordsRow[];
  names: ReadonlySet<string>;
}

/** A stem weight as shipped: rounded to WORD_WEIGHT_DIGITS significant digits. */
const shippedWeight = (w: number) => Number(w.toPrecision(WORD_WEIGHT_DIGITS));

/**
 * The words model for a training set: its penalty by the lowest log-loss of its own out-of-fold
 * scores (over the fold assignments `cv`, which number the rows of `train`), its cross-fitted values
 * on the training rows (averaged over the fold assignments; each never saw its row), and the values
 * of the rows `apply` under the model fitted on the whole training set, with its weights rounded as
 * shipped.
 */
export function wordsColumn(words: WordsData, train: number[], apply: number[], cv: Folds, quiet = false): WordsColumn {
  const { rows, names } = words;
  const labels = train.map((i) => rows[i]!.y);
  let best = { l2: WORDS_L2_GRID[0]!, loss: Infinity };
  const values = new Map<number, number[]>();
  for (const l2 of WORDS_L2_GRID) {
    let loss = 0;
    const sums = new Array<number>(train.length).fill(0);
    for (const fold of cv.assignments) {
      const { evidence, z } = crossFitted(rows, train, fold, cv.folds, l2, names);
      loss += logLoss(z, labels) / cv.assignments.length;
      evidence.forEach((v, k) => { sums[k]! += v / cv.assignments.length; });
    }
    values.set(l2, sums);
    if (!quiet) console.error(`  words model, penalty ${l2}: out-of-fold log-loss ${loss.toFixed(4)}`);
    if (loss < best.loss - 1e-12) best = { l2, loss };
  }
  const fitted = fitWordsModel(rows, train, best.l2, names);
  const table = new Map([...fitted.table].map(([stem, w]) => [stem, shippedWeight(w)] as const).filter(([, w]) => w !== 0));
  return { train: values.get(best.l2)!, apply: apply.map((i) => wordEvidence(rows[i]!, table)), l2: best.l2, table, fitted };
}

/**
 * The minimum marked rate of a shown word, by token-level F1 on the fit half with the shown stems
 * cross-fitted (each sentence's shown stems learned from the other folds, over the fold assignments).
 */
export function chooseShownRate(rows: WordsRow[], display: DisplayRow[], listed: ReadonlySet<string>, cv: Folds): number {
  let best = { rate: Infinity, f1: -1 };
  for (const rate of SHOWN_RATE_GRID) {
    let tp = 0, fp = 0, fn = 0;
    for (const fold of cv.assignments) {
      for (let f = 0; f < cv.folds; f++) {
        const train: number[] = [];
        const test: number[] = [];
        for (let i = 0; i < rows.length; i++) (fold[i] === f ? test : train).push(i);
        const counts = displayCounts(display, test, Number.isFinite(rate) ? markedStems(rows, display, train, listed, rate) : new Set());
        tp += counts.tp; fp += counts.fp; fn += counts.fn;
      }
    }
    const precision = tp / (tp + fp), recall = tp / (tp + fn), f1 = (2 * tp) / (2 * tp + fp + fn);
    console.error(`  shown marked words, rate >= ${rate}: cross-fitted token P/R/F1 on the fit half ${precision.toFixed(3)}/${recall.toFixed(3)}/${f1.toFixed(4)}`);
    if (f1 > best.f1 + 1e-12) best = { rate, f1 };
  }
  return best.rate;
}
