/**
 * The tagger of src/domain/analyzer/tagged.ts, fitted on the fit half for scripts/fit-weights.ts:
 * which of the lists' other opinion words and the other content words with a vector to show, from the
 * words the fit half's annotators marked. A logistic model per word (its lists, its words-model
 * weight, its vector's mark, the text's score as a probability p = 1 / (1 + e^-z), and their
 * products), its probability threshold and whether to show words only in texts scored Biased chosen by
 * cross-validated token F1 on the fit half (each sentence tagged by a model that did not see it, its z
 * out of fold, its words' weights and marks from models that did not see it).
 */
import { stemOf } from '../../../src/domain/analyzer/words.ts';
import { TAGGER_FEATURES, taggerInputs, type TaggerWeights } from '../../../src/domain/analyzer/tagged.ts';
import { fitWordsModel } from '../words-model.ts';
import type { Folds } from './cross-validation.ts';
import { fitLogistic, standardise } from './logistic.ts';
import type { WordsData } from './words-column.ts';

/**
 * Candidate probability thresholds of a shown word; Infinity shows none. The threshold is chosen by
 * cross-validated token F1 on the fit half, and the grid stops at 0.25: a word is shown only when at
 * least one in four words like it, in sentences like its own, were marked by the annotators. History:
 * before word vectors 0.125 gave the best F1 but showed "cold", "baby" and "happy" in a neutral sentence
 * of ours that the score reads as loaded, so the grid then started at even odds (0.5); with word
 * vectors, hyphenated words and the 100,000-word mark table (issue 31, fifth session), the band from
 * 0.25 to 0.5 is marked about 40% of the time on the fit half, near the 49% of the words shown at 0.5,
 * and the neutral sentences of words.test.ts and tagged.test.ts show none of those words.
 * `--tag-grid a,b,c` compares others.
 */
export const TAG_THRESHOLD_GRID = [0.25, 0.3, 0.4, 0.5, Infinity];
/** L2 penalty of the tagger on standardised inputs: ten numbers fitted on thousands of words, penalised only to keep the fit well posed. */
const TAGGER_L2 = 1;

export interface TaggerRow {
  /** The text's words that tagged.ts may show: the word as the analyzer reads it, and as the evaluation compares it. */
  candidates: Array<{ word: string; surface: string }>;
  /** The words the analyzer shows anyway (lexicon terms), and the lists' loaded words, shown in texts scored Biased; neither is a candidate. */
  terms: Set<string>;
  loaded: Set<string>;
  /** The words the annotators marked. */
  gold: Set<string>;
}

export interface FittedTagger {
  tagger: TaggerWeights;
  /** Cross-validated token figures on the fit half, for each candidate. */
  grid: Array<{ threshold: number; onlyBiased: boolean; precision: number; recall: number; f1: number }>;
}

/**
 * `z[i]`: the out-of-fold linear score of row i; `scoreThreshold`: the score's threshold (0-100);
 * `wordsL2`: the words model's penalty; `marks[i]`: row i's word marks from a vector model that did not see it
 * (lib/fit/vectors.ts), `unknownMark` for a word without a vector.
 */
export function fitTagger(rows: TaggerRow[], words: WordsData, z: number[], scoreThreshold: number, cv: Folds, wordsL2: number, marks: Array<ReadonlyMap<string, number>>, unknownMark: number, grid: number[] = TAG_THRESHOLD_GRID): FittedTagger {
  const n = rows.length;
  // Each row's word weights from a words model that did not see it (the first fold assignment).
  const tables = new Array<ReadonlyMap<string, number>>(n);
  const first = cv.assignments[0]!;
  for (let f = 0; f < cv.folds; f++) {
    const train: number[] = [];
    for (let i = 0; i < n; i++) if (first[i] !== f) train.push(i);
    const table = fitWordsModel(words.rows, train, wordsL2, words.names).table;
    for (let i = 0; i < n; i++) if (first[i] === f) tables[i] = table;
  }
  const inputs = rows.map((row, i) => row.candidates.filter((o) => !row.terms.has(o.surface) && !row.loaded.has(o.surface)).map((o) => ({
    x: taggerInputs(o.word, 1 / (1 + Math.exp(-z[i]!)), tables[i]!.get(stemOf(o.word)) ?? 0, marks[i]!.get(o.word) ?? unknownMark),
    surface: o.surface,
    y: row.gold.has(o.surface) ? 1 : 0,
  })));
  const biased = z.map((v) => Math.round(100 / (1 + Math.exp(-v))) >= scoreThreshold);
  const fit = (subset: number[]) => {
    const x: number[][] = [];
    const y: number[] = [];
    for (const i of subset) for (const c of inputs[i]!) { x.push(c.x); y.push(c.y); }
    const s = standardise(x);
    const b = fitLogistic(s.rows, y, TAGGER_L2);
    // Back to raw inputs: c_j = b_j / sd_j, a = b_0 - sum_j c_j mean_j.
    const weights = TAGGER_FEATURES.map((_, j) => b[j + 1]! / s.sd[j]!);
    const intercept = weights.reduce((a, c, j) => a - c * s.mean[j]!, b[0]!);
    return { intercept, weights };
  };
  const probability = (m: { intercept: number; weights: number[] }, x: number[]) => 1 / (1 + Math.exp(-x.reduce((q, v, j) => q + m.weights[j]! * v, m.intercept)));

  // Biased texts only: a tagged word's explanation says the wording reads as loaded, which is not so of a
  // text scored below the threshold (with vector words among the candidates, showing words in such texts
  // too gave 0.3945 against 0.3939 at 0.4 on the fit half, and showed "brilliant" in a text scored 22).
  const candidates = grid.map((threshold) => ({ threshold, onlyBiased: true, tp: 0, fp: 0, fn: 0 }));
  for (const fold of cv.assignments) {
    for (let f = 0; f < cv.folds; f++) {
      const train: number[] = [];
      const test: number[] = [];
      for (let i = 0; i < n; i++) (fold[i] === f ? test : train).push(i);
      const model = fit(train);
      for (const i of test) {
        const row = rows[i]!;
        const p = inputs[i]!.map((c) => ({ surface: c.surface, p: probability(model, c.x) }));
        for (const c of candidates) {
          const flagged = new Set(row.terms);
          if (biased[i]) for (const w of row.loaded) flagged.add(w);
          if (!c.onlyBiased || biased[i]) for (const w of p) if (w.p >= c.threshold) flagged.add(w.surface);
          for (const w of flagged) row.gold.has(w) ? c.tp++ : c.fp++;
          for (const w of row.gold) if (!flagged.has(w)) c.fn++;
        }
      }
    }
  }
  const figures = candidates.map((c) => ({ threshold: c.threshold, onlyBiased: c.onlyBiased, precision: c.tp / (c.tp + c.fp), recall: c.tp / (c.tp + c.fn), f1: (2 * c.tp) / (2 * c.tp + c.fp + c.fn) }));
  const best = figures.reduce((b, c) => (c.f1 > b.f1 + 1e-12 ? c : b));
  const final = fit(rows.map((_, i) => i));
  const round = (v: number) => Number(v.toPrecision(6));
  return {
    tagger: {
      intercept: round(final.intercept),
      weights: Object.fromEntries(TAGGER_FEATURES.map((name, j) => [name, round(final.weights[j]!)])) as TaggerWeights['weights'],
      threshold: best.threshold,
      onlyBiased: best.onlyBiased,
    },
    grid: figures,
  };
}
