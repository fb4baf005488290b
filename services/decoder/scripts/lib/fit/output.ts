/**
 * What scripts/fit-weights.ts writes: src/domain/analyzer/data/weights.json (intercept, weights,
 * threshold, how they were chosen and the figures of the fit) and data/word-weights.json (the words
 * model's stem weights and the shown marked words). Numbers and word stems only: no sentence of
 * BABE (AGPL, evaluation only) leaves the script.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TaggerWeights } from '../../../src/domain/analyzer/tagged.ts';
import { MARK_PRIOR, MIN_MARKS, MIN_SENTENCES } from '../words-model.ts';
import { TAG_THRESHOLD_GRID } from './tagger.ts';
import { L2_GRID, THRESHOLD_WINDOW } from './cross-validation.ts';
import { REQUIRED_FEATURE, type SelectionSettings } from './selection.ts';
import { SHOWN_RATE_GRID, WORDS_FEATURE, WORDS_L2_GRID, type WordsColumn } from './words-column.ts';

export const WEIGHTS_FILE = fileURLToPath(new URL('../../../src/domain/analyzer/data/weights.json', import.meta.url));
export const WORD_WEIGHTS_FILE = fileURLToPath(new URL('../../../src/domain/analyzer/data/word-weights.json', import.meta.url));
export const WORD_VECTORS_FILE = fileURLToPath(new URL('../../../src/domain/analyzer/data/word-vectors.json', import.meta.url));

/** A figure of one half: sentences, macro F1 at the threshold, AUC of the score. */
export interface HalfFigures {
  n: number;
  macroF1: number;
  auc: number;
}

export interface FitResult {
  sha256: string;
  rows: number;
  fitSentences: number;
  settings: SelectionSettings;
  l2: number;
  cv: { auc: number; outOfFoldMacroF1: number; outOfFoldAuc: number };
  selection: Array<{ name: string; auc: number; nestedAuc: number }> | null;
  intercept: number;
  weights: Record<string, number>;
  threshold: number;
  fitHalf: HalfFigures;
  heldOut: HalfFigures | null;
  /** The opinion-word tagger, with its cross-validated token figures on the fit half (and those without it); null: none shipped. */
  tagger: { weights: TaggerWeights; cv: TokenFigures; none: TokenFigures } | null;
}

interface TokenFigures {
  precision: number;
  recall: number;
  f1: number;
}

const round4 = (x: number) => Number(x.toFixed(4));

/** The contents of weights.json. */
export function weightsFile(r: FitResult): object {
  const s = r.settings;
  return {
    about:
      'Written by services/decoder/scripts/fit-weights.ts. score = round(100 / (1 + exp(-(intercept + sum of weight * feature)))); ' +
      "'Biased' when score >= threshold. Features are defined in src/domain/analyzer/framing.ts (FEATURES). " +
      `Only these numbers and the stem weights of word-weights.json (feature ${WORDS_FEATURE}) come from BABE; no sentence of it is shipped.`,
    fittedOn: {
      file: 'babe-dev.csv (BABE, Spinde et al. 2021, AGPL-3.0, read from ../shared/eval at fit time only)',
      sha256: r.sha256,
      rows: r.rows,
      half: 'FNV-1a 32-bit hash of the sentence text, bit 7 = 0 (fit half); bit 7 = 1 is held out',
      sentences: r.fitSentences,
      method:
        `features by greedy forward selection from ${REQUIRED_FEATURE} (cross-validated AUC on the fit half, ${s.folds} folds repeated over ${s.repeats} seeded fold assignments, path to ${s.maxNumbers} numbers); ` +
        `the number kept by nested cross-validation of the selection (${s.folds} outer folds; the shortest prefix within ${s.minGain} of the best outer AUC); ` +
        `L2-penalised logistic regression (IRLS), penalty ${r.l2} on standardised weights (the lowest out-of-fold log-loss of the same repeated cross-validation on the fit half, from ${L2_GRID.join(', ')}); threshold maximises the out-of-fold macro F1 on the fit half (mean over the ${s.repeats} fold assignments and over the threshold and ${THRESHOLD_WINDOW} integers either side); ` +
        `${WORDS_FEATURE}: see word-weights.json, its values on the fit half cross-fitted`,
      crossValidated: { auc: round4(r.cv.auc), outOfFoldMacroF1: round4(r.cv.outOfFoldMacroF1), outOfFoldAuc: round4(r.cv.outOfFoldAuc) },
      selection: r.selection
        ? r.selection.map((p) => ({ feature: p.name, cvAuc: round4(p.auc), nestedCvAuc: round4(p.nestedAuc) }))
        : 'given with --features',
      date: new Date().toISOString().slice(0, 10),
    },
    intercept: r.intercept,
    weights: r.weights,
    threshold: r.threshold,
    ...(r.tagger && {
      tagger: {
        about:
          'src/domain/analyzer/tagged.ts: an opinion word of the lists not otherwise shown is shown when 1 / (1 + exp(-(intercept + sum of weight * input))) >= threshold ' +
          '(and, with onlyBiased, only in a text scored at or above the score threshold). Fitted on the fit half: the words its annotators marked, each sentence z out of fold; ' +
          `threshold and onlyBiased by cross-validated token F1 on the fit half from ${TAG_THRESHOLD_GRID.join(', ')} (${round4(r.tagger.none.f1)} without tagged words, ${round4(r.tagger.cv.f1)} with them).`,
        ...r.tagger.weights,
      },
    }),
    fitFigures: {
      fitHalf: { sentences: r.fitHalf.n, macroF1: round4(r.fitHalf.macroF1), auc: round4(r.fitHalf.auc) },
      heldOut: r.heldOut && { sentences: r.heldOut.n, macroF1: round4(r.heldOut.macroF1), auc: round4(r.heldOut.auc) },
    },
  };
}

/** The contents of word-weights.json: the stems (alphabetical) if the score uses the words model, and the shown stems. */
export function wordWeightsFile(wordsFit: WordsColumn, usesWords: boolean, shown: string[], shownRate: number, shownLexicons: string[]): { stems: number; content: object } {
  const stems = usesWords ? [...wordsFit.table].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) : [];
  const content = {
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
        : ` "shown": stems shown as loaded language (framing.ts MARKED): subjectivity clues of Riloff & Wiebe 2003 (${shownLexicons.join(', ')}) ` +
          `seen in at least ${MIN_SENTENCES} fit-half sentences, marked by its annotators in at least ${MIN_MARKS} and in at least ${shownRate} of them, m / (n + ${MARK_PRIOR}); the rate chosen by cross-fitted token F1 on the fit half from ${SHOWN_RATE_GRID.join(', ')}.`),
    weights: Object.fromEntries(stems),
    shown,
  };
  return { stems: stems.length, content };
}

const asJson = (value: object) => JSON.stringify(value, null, 2) + '\n';

/** Writes the three files; says whether weights.json changed. */
export function writeFits(weights: object, wordWeights: { stems: number; content: object }, wordVectors: { words: object }): void {
  writeFileSync(WORD_WEIGHTS_FILE, asJson(wordWeights.content));
  console.log(`wrote ${WORD_WEIGHTS_FILE} (${wordWeights.stems} stems)`);
  // One word a line: the table is large, and a diff should show which words moved.
  const { words, ...head } = wordVectors;
  const lines = Object.entries(words).map(([w, v]) => `    ${JSON.stringify(w)}: ${JSON.stringify(v)}`);
  writeFileSync(WORD_VECTORS_FILE, `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "words": {\n${lines.join(',\n')}\n  }\n}\n`);
  console.log(`wrote ${WORD_VECTORS_FILE} (${lines.length} words)`);
  const previous = readFileSync(WEIGHTS_FILE, 'utf8');
  writeFileSync(WEIGHTS_FILE, asJson(weights));
  console.log(previous === asJson(weights) ? 'weights.json unchanged' : `wrote ${WEIGHTS_FILE}`);
}

/** The penalties the shipped word-vector table was fitted with (the tagger alone is refitted on the same vectors). */
export function readShippedVectorPenalties(): { lean: number; mark: number } {
  return (JSON.parse(readFileSync(WORD_VECTORS_FILE, 'utf8')) as { fittedOn: { penalties: { lean: number; mark: number } } }).fittedOn.penalties;
}

/** The score part of the shipped weights.json. */
export function readShippedWeights(): { intercept: number; weights: Record<string, number>; threshold: number } & Record<string, unknown> {
  return JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8'));
}

/** Writes weights.json as shipped, with its `tagger` replaced by the new fit (or removed when none is shipped). */
export function writeTaggerOnly(shipped: Record<string, unknown>, fitted: { tagger?: object }): void {
  const { tagger: _old, fitFigures, ...rest } = shipped;
  const out = fitted.tagger ? { ...rest, tagger: { ...fitted.tagger, fitted: new Date().toISOString().slice(0, 10) }, fitFigures } : { ...rest, fitFigures };
  writeFileSync(WEIGHTS_FILE, asJson(out));
  console.log(`wrote ${WEIGHTS_FILE} (the score as it was; tagger ${fitted.tagger ? 'refitted' : 'removed'})`);
}
