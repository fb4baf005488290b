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
import { neverOpinion } from '../../src/domain/analyzer/word-lists.ts';
import { tokenize, TITLE } from '../../src/domain/analyzer/tokenize.ts';
import { stemOf } from '../../src/domain/analyzer/words.ts';
import { fitSparseLogistic, sparseRow, type SparseRow } from './sparse-logistic.ts';

/** Pseudo-count in the marked rate m / (n + MARK_PRIOR): a stem seen once and marked once rates 1/3, not 1. */
export const MARK_PRIOR = 2;
/** A stem gets a column of its own when at least this many training sentences contain it. */
export const MIN_SENTENCES = 2;
/** A word is shown as a marked word only when the annotators marked it in at least this many sentences: one mark is one annotator's call. */
export const MIN_MARKS = 2;
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
 * The shown stems: words of a published subjectivity lexicon (`listed`, as stems) that the
 * annotators marked in at least `minRate` of the sentences of `train` where they could be shown,
 * m / (n + MARK_PRIOR), with n >= MIN_SENTENCES and m >= MIN_MARKS. Only display candidates count
 * (`displayRow`: no names, no event, attribution or report words).
 */
export function markedStems(rows: WordsRow[], display: DisplayRow[], train: number[], listed: ReadonlySet<string>, minRate: number): Set<string> {
  const seen = new Map<string, number>();
  const marked = new Map<string, number>();
  for (const i of train) {
    for (const stem of new Set(display[i]!.candidates.map((c) => c.stem))) {
      if (!listed.has(stem)) continue;
      seen.set(stem, (seen.get(stem) ?? 0) + 1);
      if (rows[i]!.marked.has(stem)) marked.set(stem, (marked.get(stem) ?? 0) + 1);
    }
  }
  const out = new Set<string>();
  for (const [stem, n] of seen) {
    const m = marked.get(stem) ?? 0;
    if (n >= MIN_SENTENCES && m >= MIN_MARKS && m / (n + MARK_PRIOR) >= minRate) out.add(stem);
  }
  return out;
}

/** What the token-level figures of one sentence need (as scripts/lib/evaluate.ts counts them). */
export interface DisplayRow {
  /** Each word that could be shown as a marked word: its stem and its lower-cased surface form. */
  candidates: Array<{ stem: string; surface: string }>;
  /** The words the analyzer shows without marked words. */
  base: Set<string>;
  /** The words the annotators marked. */
  gold: Set<string>;
}

/**
 * The candidates of a sentence: every word but a capitalised one inside a sentence (a name, never
 * shown as loaded language) and the event, attribution and report words (never loaded).
 */
export function displayRow(text: string, base: Set<string>, gold: Set<string>): DisplayRow {
  const tokens = tokenize(text);
  const candidates: DisplayRow['candidates'] = [];
  for (let i = 0; i < tokens.count; i++) {
    if ((tokens.shape[i]! & TITLE) !== 0 && tokens.sentenceStart[tokens.sentence[i]!] !== i) continue;
    if (neverOpinion(tokens.norm[i]!)) continue;
    candidates.push({ stem: stemOf(tokens.norm[i]!), surface: text.slice(tokens.start[i]!, tokens.end[i]!).toLowerCase() });
  }
  return { candidates, base, gold };
}

/** Word-level true and false positives and false negatives over `subset` when the stems `shown` are shown too. */
export function displayCounts(rows: DisplayRow[], subset: number[], shown: ReadonlySet<string>): { tp: number; fp: number; fn: number } {
  let tp = 0, fp = 0, fn = 0;
  for (const i of subset) {
    const row = rows[i]!;
    const flagged = new Set(row.base);
    for (const c of row.candidates) if (shown.has(c.stem)) flagged.add(c.surface);
    for (const w of flagged) if (row.gold.has(w)) tp++; else fp++;
    for (const w of row.gold) if (!flagged.has(w)) fn++;
  }
  return { tp, fp, fn };
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
