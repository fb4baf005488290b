/**
 * The words model of the score (src/domain/analyzer/words.ts), fitted on the fit half of BABE by
 * scripts/fit-weights.ts. For one sentence its value is the sum, over the sentence's words, of one
 * weight per word stem; the weights come from a logistic regression with two kinds of columns:
 *
 *   - the marked rate: for each stem, how often the annotators marked it as a biased word where it
 *     occurs, m / (n + MARK_PRIOR) (n sentences contain it, m of them have it among their biased
 *     words), summed over the sentence's words. A training sentence's own marks are left out of the
 *     rates it sees (leave-one-out), so the column measures how the rates carry to a new sentence;
 *   - one column per stem that occurs in at least MIN_SENTENCES training sentences (its count),
 *     with a strong L2 penalty, chosen by cross-validated log-loss.
 *
 * A stem's shipped weight is its column weight plus the marked-rate weight times its rate, so the
 * analyzer needs one number per stem. Names and figures are left out (`nameStems`): the score is to
 * read the wording, not who or what a story is about. Values are divided by the number of sentences,
 * like the other per-sentence features.
 */
import { tokenize, TITLE } from '../../src/domain/analyzer/tokenize.ts';
import { stemOf } from '../../src/domain/analyzer/words.ts';
import { fitSparseLogistic, sparseRow, type SparseRow } from './sparse-logistic.ts';

/** Pseudo-count in the marked rate m / (n + MARK_PRIOR): a stem seen once and marked once rates 1/3, not 1. */
export const MARK_PRIOR = 2;
/** A stem gets a column of its own when at least this many training sentences contain it. */
export const MIN_SENTENCES = 2;
/** The marked-rate column is one number fitted on a thousand sentences: penalised only enough to keep the fit well posed. */
const MARKED_RATE_PENALTY = 0.01;

export interface WordsRow {
  /** Stems of the text's words, in order (repeats kept). */
  stems: string[];
  sentences: number;
  /** Stems of the words the annotators marked. */
  marked: Set<string>;
  y: number;
}

export function wordsRow(text: string, markedWords: string[], y: number): WordsRow {
  const tokens = tokenize(text);
  const marked = new Set(markedWords.flatMap((w) => tokenize(w).norm.map(stemOf)));
  return { stems: tokens.norm.map(stemOf), sentences: Math.max(1, tokens.sentenceStart.length), marked, y };
}

/**
 * Stems that stand for names or figures: written with a capital inside a sentence (not as its first
 * word) in more than half of their uses there, or containing a digit.
 */
export function nameStems(texts: string[]): Set<string> {
  const capitalised = new Map<string, number>();
  const uses = new Map<string, number>();
  for (const text of texts) {
    const tokens = tokenize(text);
    for (let i = 0; i < tokens.count; i++) {
      if (tokens.sentenceStart[tokens.sentence[i]!] === i) continue;
      const stem = stemOf(tokens.norm[i]!);
      uses.set(stem, (uses.get(stem) ?? 0) + 1);
      if (tokens.shape[i]! & TITLE) capitalised.set(stem, (capitalised.get(stem) ?? 0) + 1);
    }
  }
  const names = new Set<string>();
  for (const [stem, n] of uses) if (2 * (capitalised.get(stem) ?? 0) > n) names.add(stem);
  for (const text of texts) for (const word of tokenize(text).norm) if (/[0-9]/.test(word)) names.add(stemOf(word));
  return names;
}

export interface FittedWords {
  /** Stem -> shipped weight (column weight + marked-rate weight x rate); stems with no weight are absent. */
  table: Map<string, number>;
  intercept: number;
  markedRateWeight: number;
  columns: number;
}

/** Fits the words model on the rows `train` of `rows`, with penalty `l2` on the stem columns. */
export function fitWordsModel(rows: WordsRow[], train: number[], l2: number, names: ReadonlySet<string>): FittedWords {
  const seen = new Map<string, number>();
  const marked = new Map<string, number>();
  for (const i of train) {
    for (const stem of new Set(rows[i]!.stems)) {
      if (names.has(stem)) continue;
      seen.set(stem, (seen.get(stem) ?? 0) + 1);
      if (rows[i]!.marked.has(stem)) marked.set(stem, (marked.get(stem) ?? 0) + 1);
    }
  }
  const column = new Map<string, number>();
  for (const [stem, n] of seen) if (n >= MIN_SENTENCES) column.set(stem, 2 + column.size);
  const design: SparseRow[] = train.map((i) => {
    const row = rows[i]!;
    let rate = 0;
    const counts = new Map<number, number>();
    for (const stem of row.stems) {
      const n = seen.get(stem);
      if (n === undefined) continue;
      // Leave-one-out: this sentence's own occurrence and mark are not part of the rate it sees.
      const own = row.marked.has(stem) ? 1 : 0;
      rate += ((marked.get(stem) ?? 0) - own) / (n - 1 + MARK_PRIOR);
      const j = column.get(stem);
      if (j !== undefined) counts.set(j, (counts.get(j) ?? 0) + 1);
    }
    return sparseRow([[1, rate / row.sentences], ...[...counts].map(([j, c]) => [j, c / row.sentences] as const)]);
  });
  const d = 2 + column.size;
  const lambda = new Float64Array(d).fill(l2);
  lambda[1] = MARKED_RATE_PENALTY;
  const beta = fitSparseLogistic(design, train.map((i) => rows[i]!.y), d, lambda);
  const table = new Map<string, number>();
  for (const [stem, n] of seen) {
    const j = column.get(stem);
    const weight = (j === undefined ? 0 : beta[j]!) + beta[1]! * ((marked.get(stem) ?? 0) / (n + MARK_PRIOR));
    if (weight !== 0) table.set(stem, weight);
  }
  return { table, intercept: beta[0]!, markedRateWeight: beta[1]!, columns: column.size };
}

/** The feature for one row under a fitted table: the sum of its stems' weights per sentence (as the analyzer computes it). */
export function wordEvidence(row: WordsRow, table: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const stem of row.stems) sum += table.get(stem) ?? 0;
  return sum / row.sentences;
}

/**
 * Cross-fitted values of the feature for the rows `subset`: each row's value comes from a model
 * fitted on the other folds (`fold[k]` is the fold of `subset[k]`), as an unseen sentence's would.
 * Also returns the words model's own linear scores (with its intercept), for choosing its penalty.
 */
export function crossFitted(rows: WordsRow[], subset: number[], fold: Int32Array, folds: number, l2: number, names: ReadonlySet<string>): { evidence: number[]; z: number[] } {
  const evidence = new Array<number>(subset.length).fill(0);
  const z = new Array<number>(subset.length).fill(0);
  for (let f = 0; f < folds; f++) {
    const train = subset.filter((_, k) => fold[k] !== f);
    const model = fitWordsModel(rows, train, l2, names);
    subset.forEach((i, k) => {
      if (fold[k] !== f) return;
      evidence[k] = wordEvidence(rows[i]!, model.table);
      z[k] = model.intercept + evidence[k]!;
    });
  }
  return { evidence, z };
}
