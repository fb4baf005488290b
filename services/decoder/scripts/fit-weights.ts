/**
 * Chooses the score's features and fits its handful of numbers (intercept, one weight per feature,
 * threshold) on one deterministic half of ../shared/eval/babe-dev.csv, then writes
 * src/domain/analyzer/data/weights.json.
 *
 * Features: greedy forward selection from every feature the engine defines (framing.ts FEATURES),
 * starting from the lexicon term count (the product's own evidence, always in the score): at each
 * step the feature that most raises the cross-validated ROC AUC on the fit half is added (5 folds,
 * repeated over REPEATS seeded fold assignments, since the gains at the end are about 0.001), up to a
 * generous cap of MAX_NUMBERS numbers. How many of the path's features the score keeps is decided by
 * nested cross-validation of the whole selection (`nestedPathAuc`): the shortest prefix whose outer
 * AUC is within MIN_GAIN of the best.
 *
 * Model: logistic regression, p = 1 / (1 + e^-(b + sum_k w_k x_k)), fitted by iteratively
 * reweighted least squares (Newton's method) with an L2 penalty on the standardised weights, all
 * written out below; the penalty is the one with the lowest out-of-fold log-loss. The
 * standardisation is folded back into raw weights, so the engine needs only b and w_k. The threshold
 * is the integer in 1..99 that maximises macro F1 of (score >= threshold) on out-of-fold scores of
 * the same fit half (each sentence scored by a model fitted on the other four folds), averaged over
 * the fold assignments and over the threshold and its neighbours. The other half is not used for any
 * choice; the script prints its figures after the fit (not with --dry-run), and `npm run eval:decoder`
 * reports them.
 *
 * The words model (feature `wordEvidence`, scripts/lib/words-model.ts) is fitted here too: one weight
 * per word stem, from the fit half's labels and its annotators' marked words. Its values for the fit
 * half's sentences are cross-fitted (each from a model that did not see the sentence), so the
 * selection and the weights judge it as they would on new text; nested cross-validation refits it
 * inside each outer training set. Its table is written to data/word-weights.json.
 *
 * What leaves this script: numbers, and word stems with a weight each (data/word-weights.json, in
 * alphabetical order). No sentence of BABE (AGPL, evaluation only) is written.
 *
 * Usage: node services/decoder/scripts/fit-weights.ts [--babe FILE] [--features a,b,c] [--explore] [--dry-run]
 *        (to compare rules on the fit half: --repeats N, --max-numbers N, --min-gain G)
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDetailed } from '../src/domain/analyzer/index.ts';
import { FEATURES } from '../src/domain/analyzer/framing.ts';
import { evalPath, half, parseBabe, requireFile } from './lib/eval-data.ts';
import { seededRandom } from './lib/seeded-random.ts';
import { macroF1, rocAuc } from './lib/metrics.ts';
import { crossFitted, displayCounts, displayRow, fitWordsModel, MARK_PRIOR, markedStems, MIN_MARKS, MIN_SENTENCES, nameStems, wordEvidence, wordsRow, type DisplayRow, type WordsRow } from './lib/words-model.ts';
import { readWordList } from './build-lexicon.ts';
import { spanWords } from './lib/evaluate.ts';
import { loadedKind } from '../src/domain/analyzer/framing.ts';
import { stemOf } from '../src/domain/analyzer/words.ts';

const WEIGHTS_FILE = fileURLToPath(new URL('../src/domain/analyzer/data/weights.json', import.meta.url));
const WORD_WEIGHTS_FILE = fileURLToPath(new URL('../src/domain/analyzer/data/word-weights.json', import.meta.url));
/** The feature whose values come from the words model fitted here. */
const WORDS_FEATURE = 'wordEvidence';
/** Candidate L2 penalties of the words model's stem columns; the one with the lowest cross-validated log-loss is used. */
const WORDS_L2_GRID = [3, 10, 30, 100];
/** Significant digits of a shipped stem weight. */
const WORD_WEIGHT_DIGITS = 4;
/**
 * The published lexicon whose words may be shown as marked words (../shared/eval/lexicons): Riloff &
 * Wiebe's (2003) subjectivity clues, strong and weak, so that the explanation can call the word
 * subjective. Adding Hu & Liu's opinion words and Recasens et al.'s bias lexicon gave the same
 * cross-fitted token F1 on the fit half (see the analyzer README).
 */
const SHOWN_LEXICONS = ['strong_subjectives_riloff2003.txt', 'weak_subjectives_riloff2003.txt'];
/** Candidate minimum marked rates for showing a word; Infinity shows none. */
const SHOWN_RATE_GRID = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, Infinity];

/** Always in the score: log(1 + codewords + 0.5 * euphemism/agency-hiding terms), the lexicon's evidence. */
const REQUIRED_FEATURE = 'lexiconTermsLog';
/** Alternative codings of the same lexicon counts, left out of the selection so that it is counted once. */
const NOT_CANDIDATES = new Set(['codewordsLog', 'otherTermsLog']);
/** Candidate L2 penalties (on standardised weights); the one with the best cross-validated AUC on the fit half is used. */
const L2_GRID = [0.1, 1, 3, 10, 30, 100, 300, 1000];
/**
 * Intercept + weights + threshold: a generous cap on the selection path, not the rule that decides
 * how many features the score keeps (nested cross-validation does, see `nestedPathAuc`; issue 4:
 * the numbers come from the data, none set by hand). The nested AUC peaks well below it.
 */
let MAX_NUMBERS = 20;
/**
 * The score keeps the shortest prefix of the selection path whose nested cross-validated AUC is
 * within this much of the best prefix: a further feature must earn at least this on unseen text.
 */
let MIN_GAIN = 0.001;
const FOLDS = 5;
/**
 * Cross-validation is repeated over this many fold assignments (repeat 0: index mod FOLDS; the others
 * a seeded shuffle), and the AUC averaged: with gains of about 0.001 between candidates, the split of
 * a single 5-fold run decides as much as the feature does.
 */
let REPEATS = 5;
/** The threshold is judged by its mean out-of-fold macro F1 over itself and this many integers either side. */
const THRESHOLD_WINDOW = 2;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Solve A x = y (A is d x d, row-major, symmetric positive definite) by Gaussian elimination with partial pivoting; A and y are overwritten. */
function solve(a: Float64Array, y: Float64Array, d: number): Float64Array {
  for (let c = 0; c < d; c++) {
    let pivot = c;
    for (let r = c + 1; r < d; r++) if (Math.abs(a[r * d + c]!) > Math.abs(a[pivot * d + c]!)) pivot = r;
    if (pivot !== c) {
      for (let k = 0; k < d; k++) { const t = a[c * d + k]!; a[c * d + k] = a[pivot * d + k]!; a[pivot * d + k] = t; }
      const t = y[c]!; y[c] = y[pivot]!; y[pivot] = t;
    }
    for (let r = c + 1; r < d; r++) {
      const f = a[r * d + c]! / a[c * d + c]!;
      if (f === 0) continue;
      for (let k = c; k < d; k++) a[r * d + k]! -= f * a[c * d + k]!;
      y[r]! -= f * y[c]!;
    }
  }
  const x = new Float64Array(d);
  for (let r = d - 1; r >= 0; r--) {
    let s = y[r]!;
    for (let k = r + 1; k < d; k++) s -= a[r * d + k]! * x[k]!;
    x[r] = s / a[r * d + r]!;
  }
  return x;
}

/**
 * IRLS for L2-penalised logistic regression on standardised features; the intercept is not penalised.
 * `start` warm-starts Newton's method (the solution for a neighbouring penalty); the optimum does not
 * depend on it, only the number of iterations does.
 */
function fitLogistic(z: number[][], y: number[], l2: number, start?: number[]): number[] {
  const d = z[0]!.length + 1;
  const beta = new Float64Array(d);
  if (start) beta.set(start);
  const x = new Float64Array(d);
  for (let iteration = 0; iteration < 50; iteration++) {
    const hessian = new Float64Array(d * d);
    const gradient = new Float64Array(d);
    for (let i = 0; i < z.length; i++) {
      const row = z[i]!;
      x[0] = 1;
      for (let k = 1; k < d; k++) x[k] = row[k - 1]!;
      let eta = 0;
      for (let k = 0; k < d; k++) eta += x[k]! * beta[k]!;
      const p = 1 / (1 + Math.exp(-eta));
      const w = Math.max(p * (1 - p), 1e-9);
      const r = y[i]! - p;
      for (let a = 0; a < d; a++) {
        gradient[a]! += r * x[a]!;
        const wa = w * x[a]!;
        for (let b = a; b < d; b++) hessian[a * d + b]! += wa * x[b]!;
      }
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hessian[a * d + b] = hessian[b * d + a]!;
    for (let a = 1; a < d; a++) {
      gradient[a]! -= l2 * beta[a]!;
      hessian[a * d + a]! += l2;
    }
    const step = solve(hessian, gradient, d);
    let largest = 0;
    for (let k = 0; k < d; k++) { beta[k]! += step[k]!; largest = Math.max(largest, Math.abs(step[k]!)); }
    if (largest < 1e-9) break;
  }
  return [...beta];
}

interface Standardised {
  rows: number[][];
  mean: number[];
  sd: number[];
}

function standardise(x: number[][]): Standardised {
  const d = x[0]!.length;
  const mean = Array.from({ length: d }, (_, k) => x.reduce((s, r) => s + r[k]!, 0) / x.length);
  const sd = Array.from({ length: d }, (_, k) => Math.sqrt(x.reduce((s, r) => s + (r[k]! - mean[k]!) ** 2, 0) / x.length) || 1);
  return { rows: x.map((r) => r.map((v, k) => (v - mean[k]!) / sd[k]!)), mean, sd };
}

/** Rows dealt into FOLDS folds: in order (seed null: index mod FOLDS), or after a seeded shuffle, so every run draws the same folds. */
function dealFolds(n: number, seed: number | null): Int32Array {
  const order = Array.from({ length: n }, (_, i) => i);
  if (seed !== null) {
    const next = seededRandom(seed);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  }
  const fold = new Int32Array(n);
  order.forEach((row, position) => { fold[row] = position % FOLDS; });
  return fold;
}

/** The fold of each row, for each repeat: repeat 0 is index mod FOLDS, the others a seeded shuffle dealt out the same way. */
function foldAssignments(n: number): Int32Array[] {
  return Array.from({ length: REPEATS }, (_, repeat) => dealFolds(n, repeat > 0 ? repeat : null));
}

let assignments: Int32Array[] = [];

/**
 * Out-of-fold linear scores z for one fold assignment: each row scored by the model fitted on the
 * other folds. `starts` carries each fold's solution from one penalty to the next (warm start).
 */
function outOfFold(z: number[][], labels: number[], l2: number, fold: Int32Array, starts?: number[][]): number[] {
  const out = new Array<number>(z.length).fill(0);
  for (let f = 0; f < FOLDS; f++) {
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
function foldAuc(scores: number[], labels: number[], fold: Int32Array): number {
  let sum = 0;
  for (let f = 0; f < FOLDS; f++) {
    const test: number[] = [];
    for (let i = 0; i < scores.length; i++) if (fold[i] === f) test.push(i);
    sum += rocAuc(test.map((i) => scores[i]!), test.map((i) => labels[i] === 1));
  }
  return sum / FOLDS;
}

/** Mean log-loss (negative log-likelihood per sentence) of out-of-fold linear scores. */
function logLoss(z: number[], labels: number[]): number {
  let sum = 0;
  // log(1 + e^-z) for a Biased sentence, log(1 + e^z) for a Non-biased one, computed stably.
  for (let i = 0; i < z.length; i++) {
    const m = labels[i] === 1 ? -z[i]! : z[i]!;
    sum += m > 0 ? m + Math.log1p(Math.exp(-m)) : Math.log1p(Math.exp(m));
  }
  return sum / z.length;
}

/**
 * Repeated cross-validation (FOLDS folds, REPEATS fold assignments) for each penalty of the grid.
 * The penalty is chosen by the out-of-fold log-loss, a proper scoring rule: the AUC depends only on
 * the order of the scores, so it cannot tell a penalty that squeezes every probability towards 0.5
 * (which moves the threshold and the shown score) from one that does not. The AUC reported is that
 * of the chosen penalty, and it is what the feature selection compares.
 */
function crossValidate(z: number[][], labels: number[]): { l2: number; auc: number; logLoss: number; grid: Array<{ l2: number; auc: number; logLoss: number }> } {
  const aucs = new Array<number>(L2_GRID.length).fill(0);
  const losses = new Array<number>(L2_GRID.length).fill(0);
  for (const fold of assignments) {
    const starts: number[][] = [];
    L2_GRID.forEach((l2, g) => {
      const scores = outOfFold(z, labels, l2, fold, starts);
      aucs[g]! += foldAuc(scores, labels, fold);
      losses[g]! += logLoss(scores, labels);
    });
  }
  const grid = L2_GRID.map((l2, g) => ({ l2, auc: aucs[g]! / assignments.length, logLoss: losses[g]! / assignments.length }));
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
function chooseThreshold(scoreSets: number[][], gold: boolean[]): { threshold: number; smoothedMacroF1: number; macroF1: number } {
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

/** Out-of-fold scores 0-100 for every fold assignment. */
function outOfFoldScores(z: number[][], labels: number[], l2: number, hasWords: boolean[]): number[][] {
  return assignments.map((fold) => outOfFold(z, labels, l2, fold).map((zz, i) => (hasWords[i] ? Math.round(100 / (1 + Math.exp(-zz))) : 0)));
}

const matrixOf = (names: string[], columns: Map<string, number[]>, n: number) =>
  standardise(Array.from({ length: n }, (_, i) => names.map((name) => columns.get(name)![i]!))).rows;

/** Greedy forward selection on the fit half; returns the chosen names and the AUC after each step. */
function selectFeatures(all: string[], columns: Map<string, number[]>, labels: number[], minGain = MIN_GAIN, quiet = false): Array<{ name: string; auc: number }> {
  const path: Array<{ name: string; auc: number }> = [];
  const chosen: string[] = [REQUIRED_FEATURE];
  const matrix = (names: string[]) => matrixOf(names, columns, labels.length);
  path.push({ name: REQUIRED_FEATURE, auc: crossValidate(matrix(chosen), labels).auc });
  while (chosen.length + 2 < MAX_NUMBERS) {
    let best = { name: '', auc: -1 };
    for (const name of all) {
      if (chosen.includes(name) || NOT_CANDIDATES.has(name)) continue;
      const auc = crossValidate(matrix([...chosen, name]), labels).auc;
      if (auc > best.auc + 1e-12) best = { name, auc };
    }
    if (!best.name || best.auc < path[path.length - 1]!.auc + minGain) {
      if (best.name && !quiet) console.error(`  (next: ${best.name}, ${best.auc.toFixed(4)}, gain below ${MIN_GAIN}: stop)`);
      break;
    }
    chosen.push(best.name);
    path.push(best);
    if (!quiet) console.error(`  + ${best.name.padEnd(24)} ${FOLDS}-fold x ${REPEATS} AUC on the fit half ${best.auc.toFixed(4)}`);
  }
  return path;
}

interface WordsColumn {
  /** The feature for each row of `train` (cross-fitted) and of `apply` (from the model fitted on all of `train`). */
  train: number[];
  apply: number[];
  l2: number;
  table: Map<string, number>;
  fitted: ReturnType<typeof fitWordsModel>;
}

/** A stem weight as shipped: rounded to WORD_WEIGHT_DIGITS significant digits. */
const shippedWeight = (w: number) => Number(w.toPrecision(WORD_WEIGHT_DIGITS));

/**
 * The words model for a training set: its penalty by the lowest log-loss of its own out-of-fold
 * scores (FOLDS folds over the current fold assignments), its cross-fitted values on the training rows
 * (averaged over the fold assignments; each never saw its row), and the values of the rows `apply`
 * under the model fitted on the whole training set, with its weights rounded as shipped.
 */
function wordsColumn(rows: WordsRow[], train: number[], apply: number[], names: ReadonlySet<string>, quiet = false): WordsColumn {
  const labels = train.map((i) => rows[i]!.y);
  let best = { l2: WORDS_L2_GRID[0]!, loss: Infinity };
  const values = new Map<number, number[]>();
  for (const l2 of WORDS_L2_GRID) {
    let loss = 0;
    const sums = new Array<number>(train.length).fill(0);
    for (const fold of assignments) {
      const { evidence, z } = crossFitted(rows, train, fold, FOLDS, l2, names);
      loss += logLoss(z, labels) / assignments.length;
      evidence.forEach((v, k) => { sums[k]! += v / assignments.length; });
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
function chooseShownRate(rows: WordsRow[], display: DisplayRow[], listed: ReadonlySet<string>): number {
  let best = { rate: Infinity, f1: -1 };
  for (const rate of SHOWN_RATE_GRID) {
    let tp = 0, fp = 0, fn = 0;
    for (const fold of assignments) {
      for (let f = 0; f < FOLDS; f++) {
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

/**
 * Nested cross-validation of the whole selection, to see how many features pay off on text the
 * selection did not see: the fit half is split into FOLDS outer folds (a seeded shuffle of its own);
 * on each outer training set the greedy path is run to the cap (inner repeated cross-validation, as
 * above), each prefix of it is fitted with its own cross-validated penalty, and the outer fold is
 * scored. Returns the mean outer AUC for each path length (1 = the lexicon count alone).
 */
function nestedPathAuc(all: string[], fitColumns: Map<string, number[]>, labels: number[], words: { rows: WordsRow[]; names: ReadonlySet<string> }): number[] {
  const n = labels.length;
  const outer = dealFolds(n, 1000);
  const sums: number[] = [];
  const counts: number[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) (outer[i] === f ? test : train).push(i);
    // The words model is refitted on the outer training set: its values there cross-fitted, on the outer fold from the model of the whole training set.
    assignments = foldAssignments(train.length);
    const refit = wordsColumn(words.rows, train, test, words.names, true);
    const wordsValues = new Array<number>(n).fill(0);
    train.forEach((i, k) => { wordsValues[i] = refit.train[k]!; });
    test.forEach((i, k) => { wordsValues[i] = refit.apply[k]!; });
    const columns = new Map(fitColumns);
    columns.set(WORDS_FEATURE, wordsValues);
    const trainColumns = new Map([...columns].map(([name, v]) => [name, train.map((i) => v[i]!)]));
    const trainLabels = train.map((i) => labels[i]!);
    const path = selectFeatures(all, trainColumns, trainLabels, -1, true);
    for (let k = 1; k <= path.length; k++) {
      const names = path.slice(0, k).map((p) => p.name);
      const raw = train.map((i) => names.map((name) => columns.get(name)![i]!));
      const { rows, mean, sd } = standardise(raw);
      const l2 = crossValidate(rows, trainLabels).l2;
      const b = fitLogistic(rows, trainLabels, l2);
      const scores = test.map((i) => names.reduce((s, name, j) => s + b[j + 1]! * ((columns.get(name)![i]! - mean[j]!) / sd[j]!), b[0]!));
      sums[k - 1] = (sums[k - 1] ?? 0) + rocAuc(scores, test.map((i) => labels[i] === 1));
      counts[k - 1] = (counts[k - 1] ?? 0) + 1;
    }
    console.error(`  outer fold ${f + 1}/${FOLDS}: path ${path.map((p) => p.name).join(', ')}`);
  }
  assignments = foldAssignments(n);
  return sums.map((s, k) => s / counts[k]!);
}

function main(): void {
  const babePath = option('--babe') ?? evalPath('babe-dev.csv');
  const raw = requireFile(babePath, 'BABE file');
  const rows = parseBabe(raw);
  const known = Object.keys(FEATURES);
  const forced = option('--features')?.split(',');
  // For comparing selection rules on the fit half; the shipped weights use the defaults.
  if (option('--repeats')) REPEATS = Number(option('--repeats'));
  if (option('--max-numbers')) MAX_NUMBERS = Number(option('--max-numbers'));
  if (option('--min-gain')) MIN_GAIN = Number(option('--min-gain'));
  for (const name of forced ?? []) if (!FEATURES[name]) throw new Error(`unknown feature ${name}; known: ${known.join(', ')}`);
  if (forced && forced.length + 2 > MAX_NUMBERS) throw new Error(`${forced.length} features + intercept + threshold exceed ${MAX_NUMBERS} numbers`);

  // Every feature of every sentence, once; only the fit half is used below to choose and fit.
  const analysed = rows.map((row) => {
    const detail = analyzeDetailed(row.text);
    const y = row.label === 'Biased' ? 1 : 0;
    // The words shown without marked words (the analyzer loaded some from word-weights.json): the base of the display choice.
    const base = new Set(detail.result.detected_terms.filter((t) => !(t.category === 'loaded-language' && loadedKind(t.term) === 'marked'))
      .flatMap((t) => t.spans.flatMap((span) => spanWords(row.text.slice(span.start, span.end)))));
    const display = displayRow(row.text, base, new Set(row.biasedWords.flatMap(spanWords)));
    return { features: { ...detail.features }, y, half: half(row.text), hasWords: detail.counts.tokens > 0, words: wordsRow(row.text, row.biasedWords, y), display };
  });
  const fitRows = analysed.filter((r) => r.half === 0);
  const heldOutRows = analysed.filter((r) => r.half === 1);
  const labels = fitRows.map((r) => r.y);
  assignments = foldAssignments(fitRows.length);

  // The words model: names from the fit half's capitalisation, the penalty and the cross-fitted values
  // from the fit half. Its shipped table replaces whatever word-weights.json the analyzer loaded above.
  const words = { rows: fitRows.map((r) => r.words), names: nameStems(rows.filter((r) => half(r.text) === 0).map((r) => r.text)) };
  console.error(`words model (${WORDS_FEATURE}): stems seen in at least ${MIN_SENTENCES} sentences, marked rate m / (n + ${MARK_PRIOR}); ${words.names.size} name and figure stems left out`);
  const wordsFit = wordsColumn(words.rows, fitRows.map((_, i) => i), [], words.names);
  fitRows.forEach((r, i) => { r.features[WORDS_FEATURE] = wordsFit.train[i]!; });
  for (const r of heldOutRows) r.features[WORDS_FEATURE] = wordEvidence(r.words, wordsFit.table);
  console.error(`  penalty ${wordsFit.l2}: ${wordsFit.fitted.columns} stem columns, marked-rate weight ${wordsFit.fitted.markedRateWeight.toFixed(3)}, ${wordsFit.table.size} stems shipped`);
  const columns = new Map(known.map((n) => [n, fitRows.map((r) => r.features[n]!)]));
  // Marked words shown as loaded language (display only, not a feature): the rate by cross-fitted token F1.
  const listed = new Set(SHOWN_LEXICONS.flatMap((f) => readWordList(evalPath('lexicons/' + f))).map(stemOf));
  const display = fitRows.map((r) => r.display);
  // Shown only with --show-marked. The fitted list holds words with common literal senses ("storm", "baby",
  // "cold", "happy", "dead"), which it flags as loaded language in neutral weather, health or sports news,
  // outside BABE's political sentences (checked on our own such sentences): a flag is a claim made to the
  // reader, and the token-F1 aim is met without them. The score uses the words model either way.
  const shownRate = process.argv.includes('--show-marked') ? chooseShownRate(words.rows, display, listed) : Infinity;
  const shown = Number.isFinite(shownRate) ? [...markedStems(words.rows, display, fitRows.map((_, i) => i), listed, shownRate)].sort() : [];
  console.error(`  shown: marked rate >= ${shownRate}, ${shown.length} stems`);

  if (process.argv.includes('--explore')) {
    for (const n of known) console.log(`${n.padEnd(24)} AUC on fit half ${rocAuc(columns.get(n)!, labels.map((y) => y === 1)).toFixed(3)}`);
  }

  console.error(forced ? `features given with --features` : `selection path to ${MAX_NUMBERS} numbers (${FOLDS}-fold cross-validation repeated ${REPEATS} times on the fit half)`);
  const path = forced ? null : selectFeatures(known, columns, labels, -1);
  let selection: Array<{ name: string; auc: number; nestedAuc: number }> | null = null;
  if (path) {
    // How many features: nested cross-validation of the whole selection, the shortest prefix within MIN_GAIN of the best.
    console.error(`choosing the number of features by nested cross-validation (${FOLDS} outer folds)`);
    const nested = nestedPathAuc(known, columns, labels, words);
    const top = Math.max(...nested);
    const keep = nested.findIndex((auc) => auc >= top - MIN_GAIN) + 1;
    nested.forEach((auc, k) => console.error(`  ${String(k + 1).padStart(2)} features (${path[k]?.name ?? '-'}): nested AUC ${auc.toFixed(4)}${k + 1 === keep ? '  <- kept' : ''}`));
    selection = path.slice(0, keep).map((p, k) => ({ ...p, nestedAuc: nested[k]! }));
  }
  const names = forced ?? selection!.map((s) => s.name);
  const all = analysed.map((r) => ({ x: names.map((n) => r.features[n]!), y: r.y, half: r.half, hasWords: r.hasWords }));
  const fit = all.filter((r) => r.half === 0);
  const { rows: standardised, mean, sd } = standardise(fit.map((r) => r.x));
  // Repeated 5-fold cross-validation inside the fit half picks the penalty.
  const cv = crossValidate(standardised, labels);
  const L2 = cv.l2;
  if (process.argv.includes('--explore')) for (const c of cv.grid) console.log(`L2 ${c.l2}: ${FOLDS}-fold x ${REPEATS} AUC on fit half ${c.auc.toFixed(4)}, log-loss ${c.logLoss.toFixed(4)}`);
  const hasWords = fit.map((r) => r.hasWords);
  if (process.argv.includes('--explore') && selection) {
    // Each prefix of the selection path, as a score of its own: cross-validated AUC and out-of-fold macro F1 at its own threshold.
    for (let k = 1; k <= selection.length; k++) {
      const z = matrixOf(names.slice(0, k), columns, labels.length);
      const c = crossValidate(z, labels);
      const t = chooseThreshold(outOfFoldScores(z, labels, c.l2, hasWords), labels.map((y) => y === 1));
      console.log(`${String(k).padStart(2)} features (${k + 2} numbers) + ${names[k - 1]!.padEnd(22)} CV AUC ${c.auc.toFixed(4)} (L2 ${c.l2})  out-of-fold macro F1 ${t.macroF1.toFixed(4)} at ${t.threshold} (smoothed ${t.smoothedMacroF1.toFixed(4)})`);
    }
  }
  const beta = fitLogistic(standardised, labels, L2);

  // Fold the standardisation back: w_k = beta_k / sd_k, b = beta_0 - sum_k beta_k mean_k / sd_k.
  const weights: Record<string, number> = {};
  let intercept = beta[0]!;
  names.forEach((n, k) => {
    const w = beta[k + 1]! / sd[k]!;
    weights[n] = Number(w.toPrecision(6));
    intercept -= w * mean[k]!;
  });
  intercept = Number(intercept.toPrecision(6));

  const scoreOf = (x: number[], hasWords: boolean) => {
    if (!hasWords) return 0;
    const zz = names.reduce((s, n, k) => s + weights[n]! * x[k]!, intercept);
    return Math.round(100 / (1 + Math.exp(-zz)));
  };
  const fitScores = fit.map((r) => scoreOf(r.x, r.hasWords));
  const fitGold = fit.map((r) => r.y === 1);
  const oofSets = outOfFoldScores(standardised, labels, L2, hasWords);
  const { threshold, smoothedMacroF1, macroF1: oofMacroF1 } = chooseThreshold(oofSets, fitGold);
  const best = macroF1(fitScores.map((s) => s >= threshold), fitGold);
  const oofAuc = oofSets.reduce((s, scores) => s + rocAuc(scores, fitGold), 0) / oofSets.length;
  console.error(`penalty ${L2}: ${FOLDS}-fold x ${REPEATS} AUC on the fit half ${cv.auc.toFixed(4)}`);
  console.error(`threshold ${threshold}: out-of-fold macro F1 on the fit half ${oofMacroF1.toFixed(4)} (mean over +-${THRESHOLD_WINDOW}: ${smoothedMacroF1.toFixed(4)}), out-of-fold AUC ${oofAuc.toFixed(4)} (means over ${REPEATS} fold assignments)`);
  // A dry run shows the fit half only, so that trying options never shows a held-out figure.
  const dryRun = process.argv.includes('--dry-run');
  const heldOut = all.filter((r) => r.half === 1);
  const heldScores = dryRun ? [] : heldOut.map((r) => scoreOf(r.x, r.hasWords));
  const heldGold = heldOut.map((r) => r.y === 1);
  const summary = {
    fitHalf: { n: fit.length, macroF1: best, auc: rocAuc(fitScores, fitGold) },
    heldOut: dryRun ? null : { n: heldOut.length, macroF1: macroF1(heldScores.map((s) => s >= threshold), heldGold), auc: rocAuc(heldScores, heldGold) },
  };

  const out = {
    about:
      'Written by services/decoder/scripts/fit-weights.ts. score = round(100 / (1 + exp(-(intercept + sum of weight * feature)))); ' +
      "'Biased' when score >= threshold. Features are defined in src/domain/analyzer/framing.ts (FEATURES). " +
      `Only these numbers and the stem weights of word-weights.json (feature ${WORDS_FEATURE}) come from BABE; no sentence of it is shipped.`,
    fittedOn: {
      file: 'babe-dev.csv (BABE, Spinde et al. 2021, AGPL-3.0, read from ../shared/eval at fit time only)',
      sha256: createHash('sha256').update(raw).digest('hex'),
      rows: rows.length,
      half: 'FNV-1a 32-bit hash of the sentence text, bit 7 = 0 (fit half); bit 7 = 1 is held out',
      sentences: fit.length,
      method:
        `features by greedy forward selection from ${REQUIRED_FEATURE} (cross-validated AUC on the fit half, ${FOLDS} folds repeated over ${REPEATS} seeded fold assignments, path to ${MAX_NUMBERS} numbers); ` +
        `the number kept by nested cross-validation of the selection (${FOLDS} outer folds; the shortest prefix within ${MIN_GAIN} of the best outer AUC); ` +
        `L2-penalised logistic regression (IRLS), penalty ${L2} on standardised weights (the lowest out-of-fold log-loss of the same repeated cross-validation on the fit half, from ${L2_GRID.join(', ')}); threshold maximises the out-of-fold macro F1 on the fit half (mean over the ${REPEATS} fold assignments and over the threshold and ${THRESHOLD_WINDOW} integers either side); ` +
        `${WORDS_FEATURE}: see word-weights.json, its values on the fit half cross-fitted`,
      crossValidated: { auc: Number(cv.auc.toFixed(4)), outOfFoldMacroF1: Number(oofMacroF1.toFixed(4)), outOfFoldAuc: Number(oofAuc.toFixed(4)) },
      selection: selection
        ? selection.map((s) => ({ feature: s.name, cvAuc: Number(s.auc.toFixed(4)), nestedCvAuc: Number(s.nestedAuc.toFixed(4)) }))
        : 'given with --features',
      date: new Date().toISOString().slice(0, 10),
    },
    intercept,
    weights,
    threshold,
    fitFigures: {
      fitHalf: { sentences: summary.fitHalf.n, macroF1: Number(summary.fitHalf.macroF1.toFixed(4)), auc: Number(summary.fitHalf.auc.toFixed(4)) },
      heldOut: summary.heldOut && { sentences: summary.heldOut.n, macroF1: Number(summary.heldOut.macroF1.toFixed(4)), auc: Number(summary.heldOut.auc.toFixed(4)) },
    },
  };
  console.log(JSON.stringify({ weights, intercept, threshold, ...out.fitFigures }, null, 2));
  const usesWords = names.includes(WORDS_FEATURE);
  const stems = usesWords ? [...wordsFit.table].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) : [];
  const wordWeightsOut = {
    about:
      'Written by services/decoder/scripts/fit-weights.ts; read by src/domain/analyzer/words.ts. The words model: one weight per word stem ' +
      `(words.ts stemOf), summed over a text's words and divided by its sentences, is the feature ${WORDS_FEATURE}. ` +
      `Fitted on the fit half of babe-dev.csv (BABE, Spinde et al. 2021, AGPL-3.0, read from ../shared/eval at fit time only): L2-penalised logistic regression ` +
      `on the count of each stem seen in at least ${MIN_SENTENCES} fit-half sentences (penalty ${wordsFit.l2}, the lowest cross-validated log-loss of ${WORDS_L2_GRID.join(', ')}) ` +
      `and on the annotators' marked rate of each stem, m / (n + ${MARK_PRIOR}) (weight ${wordsFit.fitted.markedRateWeight.toFixed(4)}); a stem's weight here is the sum of both. ` +
      'Names and figures (stems capitalised inside a sentence in most of their uses, or with a digit) are left out. Stems in alphabetical order; no sentence of BABE is shipped.' +
      (usesWords ? '' : ` Empty: the selection did not choose ${WORDS_FEATURE}.`) +
      (shown.length === 0
        ? ' "shown": empty; fit-weights.ts --show-marked fills it with marked subjectivity clues (see the analyzer README for why it is off).'
        : ` "shown": stems shown as loaded language (framing.ts MARKED): subjectivity clues of Riloff & Wiebe 2003 (${SHOWN_LEXICONS.join(', ')}) ` +
          `seen in at least ${MIN_SENTENCES} fit-half sentences, marked by its annotators in at least ${MIN_MARKS} and in at least ${shownRate} of them, m / (n + ${MARK_PRIOR}); the rate chosen by cross-fitted token F1 on the fit half from ${SHOWN_RATE_GRID.join(', ')}.`),
    weights: Object.fromEntries(stems),
    shown,
  };
  if (!dryRun) {
    writeFileSync(WORD_WEIGHTS_FILE, JSON.stringify(wordWeightsOut, null, 2) + '\n');
    console.log(`wrote ${WORD_WEIGHTS_FILE} (${stems.length} stems)`);
    const previous = readFileSync(WEIGHTS_FILE, 'utf8');
    writeFileSync(WEIGHTS_FILE, JSON.stringify(out, null, 2) + '\n');
    console.log(previous === JSON.stringify(out, null, 2) + '\n' ? 'weights.json unchanged' : `wrote ${WEIGHTS_FILE}`);
  }
}

main();
