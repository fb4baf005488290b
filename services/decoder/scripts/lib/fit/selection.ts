/**
 * Which features the score keeps, for scripts/fit-weights.ts: greedy forward selection from every
 * feature the engine defines (framing.ts FEATURES), starting from the lexicon term count, by
 * repeated cross-validated AUC on the fit half; and nested cross-validation of that whole selection,
 * which decides how many of the path's features pay off on text the selection did not see.
 */
import { rocAuc } from '../metrics.ts';
import { crossValidate, dealFolds, makeFolds, type Folds } from './cross-validation.ts';
import { fitLogistic, matrixOf, standardise } from './logistic.ts';
import { WORDS_FEATURE, wordsColumn, type WordsData } from './words-column.ts';

/** Always in the score: log(1 + codewords + 0.5 * euphemism/agency-hiding terms), the lexicon's evidence. */
export const REQUIRED_FEATURE = 'lexiconTermsLog';
/** Alternative codings of the same lexicon counts, left out of the selection so that it is counted once. */
export const NOT_CANDIDATES = new Set(['codewordsLog', 'otherTermsLog']);

export interface SelectionSettings {
  folds: number;
  repeats: number;
  /**
   * Intercept + weights + threshold: a generous cap on the selection path, not the rule that decides
   * how many features the score keeps (nested cross-validation does; issue 4: the numbers come from
   * the data, none set by hand). The nested AUC peaks well below it.
   */
  maxNumbers: number;
  /**
   * The score keeps the shortest prefix of the selection path whose nested cross-validated AUC is
   * within this much of the best prefix: a further feature must earn at least this on unseen text.
   */
  minGain: number;
}

export interface PathStep {
  name: string;
  auc: number;
}

/** Greedy forward selection; returns the chosen names and the cross-validated AUC after each step. */
export function selectFeatures(all: string[], columns: ReadonlyMap<string, number[]>, labels: number[], cv: Folds, settings: SelectionSettings, minGain = settings.minGain, quiet = false): PathStep[] {
  const path: PathStep[] = [];
  const chosen: string[] = [REQUIRED_FEATURE];
  const matrix = (names: string[]) => matrixOf(names, columns, labels.length);
  path.push({ name: REQUIRED_FEATURE, auc: crossValidate(matrix(chosen), labels, cv).auc });
  while (chosen.length + 2 < settings.maxNumbers) {
    let best = { name: '', auc: -1 };
    for (const name of all) {
      if (chosen.includes(name) || NOT_CANDIDATES.has(name)) continue;
      const auc = crossValidate(matrix([...chosen, name]), labels, cv).auc;
      if (auc > best.auc + 1e-12) best = { name, auc };
    }
    if (!best.name || best.auc < path[path.length - 1]!.auc + minGain) {
      if (best.name && !quiet) console.error(`  (next: ${best.name}, ${best.auc.toFixed(4)}, gain below ${settings.minGain}: stop)`);
      break;
    }
    chosen.push(best.name);
    path.push(best);
    if (!quiet) console.error(`  + ${best.name.padEnd(24)} ${settings.folds}-fold x ${settings.repeats} AUC on the fit half ${best.auc.toFixed(4)}`);
  }
  return path;
}

/**
 * Nested cross-validation of the whole selection, to see how many features pay off on text the
 * selection did not see: the fit half is split into outer folds (a seeded shuffle of its own); on
 * each outer training set the words model is refitted, the greedy path is run to the cap (inner
 * repeated cross-validation, as above), each prefix of it is fitted with its own cross-validated
 * penalty, and the outer fold is scored. Returns the mean outer AUC for each path length (1 = the
 * lexicon count alone).
 */
export function nestedPathAuc(
  all: string[],
  fitColumns: ReadonlyMap<string, number[]>,
  labels: number[],
  words: WordsData,
  settings: SelectionSettings,
  /** Other fitted columns (the word-vector features), refitted likewise: values for every row, cross-fitted on `train`. */
  refitOthers?: (train: number[], test: number[], inner: Folds) => Map<string, number[]>,
): number[] {
  const n = labels.length;
  const outer = dealFolds(n, settings.folds, 1000);
  const sums: number[] = [];
  const counts: number[] = [];
  for (let f = 0; f < settings.folds; f++) {
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) (outer[i] === f ? test : train).push(i);
    // The words model is refitted on the outer training set: its values there cross-fitted, on the outer fold from the model of the whole training set.
    const inner = makeFolds(train.length, settings.folds, settings.repeats);
    const refit = wordsColumn(words, train, test, inner, true);
    const wordsValues = new Array<number>(n).fill(0);
    train.forEach((i, k) => { wordsValues[i] = refit.train[k]!; });
    test.forEach((i, k) => { wordsValues[i] = refit.apply[k]!; });
    const columns = new Map(fitColumns);
    columns.set(WORDS_FEATURE, wordsValues);
    if (refitOthers) for (const [name, values] of refitOthers(train, test, inner)) columns.set(name, values);
    const trainColumns = new Map([...columns].map(([name, v]) => [name, train.map((i) => v[i]!)]));
    const trainLabels = train.map((i) => labels[i]!);
    const path = selectFeatures(all, trainColumns, trainLabels, inner, settings, -1, true);
    for (let k = 1; k <= path.length; k++) {
      const names = path.slice(0, k).map((p) => p.name);
      const raw = train.map((i) => names.map((name) => columns.get(name)![i]!));
      const { rows, mean, sd } = standardise(raw);
      const l2 = crossValidate(rows, trainLabels, inner).l2;
      const b = fitLogistic(rows, trainLabels, l2);
      const scores = test.map((i) => names.reduce((s, name, j) => s + b[j + 1]! * ((columns.get(name)![i]! - mean[j]!) / sd[j]!), b[0]!));
      sums[k - 1] = (sums[k - 1] ?? 0) + rocAuc(scores, test.map((i) => labels[i] === 1));
      counts[k - 1] = (counts[k - 1] ?? 0) + 1;
    }
    console.error(`  outer fold ${f + 1}/${settings.folds}: path ${path.map((p) => p.name).join(', ')}`);
  }
  return sums.map((s, k) => s / counts[k]!);
}
