/**
 * The words model: one fitted weight per word stem (data/word-weights.json, written by
 * scripts/fit-weights.ts), summed over a text's words and divided by its sentences, so that it
 * enters the score as one feature (`wordEvidence`) on the same scale for a sentence and an article.
 *
 * Stems come from a small suffix stripper (`stemOf`) shared by the fitting script and the analyzer.
 * At load time every stem is spelled out into the surface forms that strip to it, so a call pays one
 * map lookup per word and never builds a string.
 */
import wordWeightsData from './data/word-weights.json' with { type: 'json' };

export interface WordWeightsFile {
  /** Stem -> weight; stems in alphabetical order. */
  weights: Record<string, number>;
  /**
   * Stems shown to the reader as loaded language (framing.ts): words of the published subjectivity
   * and bias lexicons that the fit half's annotators marked often where they occur (see README).
   */
  shown?: string[];
}

/** The suffixes `stemOf` strips; spelling a stem out tries each of them. */
const SUFFIXES = ['ing', 'ed', 'ly', 's'] as const;

/**
 * A word's stem: one inflectional suffix stripped ("claiming" -> "claim", "slammed" -> "slamm",
 * "bitterly" -> "bitter", "mobs" -> "mob"). Crude on purpose: it only has to put a word's forms
 * together, the same way at fit time and at run time, not to produce a dictionary form.
 */
export function stemOf(word: string): string {
  const n = word.length;
  if (n > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (n > 4 && (word.endsWith('ed') || word.endsWith('ly'))) return word.slice(0, -2);
  if (n > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Every word whose stem is `stem`: the stem itself (when it is its own stem) and the stem plus one suffix. */
export function formsOf(stem: string): string[] {
  return [stem, ...SUFFIXES.map((suffix) => stem + suffix)].filter((form) => stemOf(form) === stem);
}

/** Surface form -> weight, for the stems of a weights file. */
export function compileWordWeights(file: WordWeightsFile): Map<string, number> {
  const out = new Map<string, number>();
  for (const [stem, weight] of Object.entries(file.weights)) for (const form of formsOf(stem)) out.set(form, weight);
  return out;
}

export const wordWeights = compileWordWeights(wordWeightsData as WordWeightsFile);

/** Every surface form of the shown stems. */
export function shownForms(file: WordWeightsFile): Set<string> {
  return new Set((file.shown ?? []).flatMap(formsOf));
}

export const markedForms = shownForms(wordWeightsData as WordWeightsFile);

/** Sum of the weights of `words` (normalised tokens) under a compiled table. */
export function wordWeightSum(words: readonly string[], table: ReadonlyMap<string, number> = wordWeights): number {
  let sum = 0;
  for (const word of words) sum += table.get(word) ?? 0;
  return sum;
}
