/**
 * Chooses the score's features and fits its handful of numbers (intercept, one weight per feature,
 * threshold) on one deterministic half of ../shared/eval/babe-dev.csv, then writes
 * src/domain/analyzer/data/weights.json.
 *
 * Features: greedy forward selection from every feature the engine defines (framing.ts FEATURES),
 * starting from the lexicon term count (the product's own evidence, always in the score): at each
 * step the feature that most raises the 5-fold cross-validated ROC AUC on the fit half is added,
 * while it adds at least MIN_GAIN and the total stays within MAX_NUMBERS numbers.
 *
 * Model: logistic regression, p = 1 / (1 + e^-(b + sum_k w_k x_k)), fitted by iteratively
 * reweighted least squares (Newton's method) with an L2 penalty on the standardised weights, all
 * written out below. The standardisation is folded back into raw weights, so the engine needs only
 * b and w_k. The threshold is the integer in 1..99 that maximises macro F1 of (score >= threshold)
 * on out-of-fold scores of the same fit half (each sentence scored by the model fitted on the
 * other four folds), averaged over the threshold and its neighbours. The other half is not touched here; `npm run eval:decoder` reports it.
 *
 * Only numbers leave this script: no sentence or word of BABE (AGPL, evaluation only) is written.
 *
 * Usage: node services/decoder/scripts/fit-weights.ts [--babe FILE] [--features a,b,c] [--explore] [--dry-run]
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDetailed } from '../src/domain/analyzer/index.ts';
import { FEATURES } from '../src/domain/analyzer/framing.ts';
import { evalPath, half, parseBabe, requireFile } from './lib/eval-data.ts';
import { macroF1, rocAuc } from './lib/metrics.ts';

const WEIGHTS_FILE = fileURLToPath(new URL('../src/domain/analyzer/data/weights.json', import.meta.url));

/** Always in the score: log(1 + codewords + 0.5 * euphemism/agency-hiding terms), the lexicon's evidence. */
const REQUIRED_FEATURE = 'lexiconTermsLog';
/** Alternative codings of the same lexicon counts, left out of the selection so that it is counted once. */
const NOT_CANDIDATES = new Set(['codewordsLog', 'otherTermsLog']);
/** Candidate L2 penalties (on standardised weights); the one with the best 5-fold cross-validated AUC on the fit half is used. */
const L2_GRID = [0.1, 1, 3, 10, 30, 100];
/** Intercept + weights + threshold. */
const MAX_NUMBERS = 15;
/** A feature joins the score only if it raises the cross-validated AUC by at least this much. */
const MIN_GAIN = 0.001;
const FOLDS = 5;
/** The threshold is judged by its mean out-of-fold macro F1 over itself and this many integers either side. */
const THRESHOLD_WINDOW = 2;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Solve A x = y by Gaussian elimination with partial pivoting (A is small and symmetric positive definite). */
function solve(a: number[][], y: number[]): number[] {
  const n = y.length;
  const m = a.map((row, i) => [...row, y[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/** IRLS for L2-penalised logistic regression on standardised features; the intercept is not penalised. */
function fitLogistic(z: number[][], y: number[], l2: number): number[] {
  const d = z[0]!.length + 1;
  let beta = new Array<number>(d).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const hessian = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    const gradient = new Array<number>(d).fill(0);
    z.forEach((row, i) => {
      const x = [1, ...row];
      const eta = x.reduce((s, v, k) => s + v * beta[k]!, 0);
      const p = 1 / (1 + Math.exp(-eta));
      const w = Math.max(p * (1 - p), 1e-9);
      for (let a = 0; a < d; a++) {
        gradient[a]! += (y[i]! - p) * x[a]!;
        for (let b = 0; b < d; b++) hessian[a]![b]! += w * x[a]! * x[b]!;
      }
    });
    for (let a = 1; a < d; a++) {
      gradient[a]! -= l2 * beta[a]!;
      hessian[a]![a]! += l2;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, k) => b + step[k]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return beta;
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

/** Indexes of the rows in and out of one fold (fold = index mod FOLDS). */
function foldSplit(n: number, fold: number): { train: number[]; test: number[] } {
  const train: number[] = [];
  const test: number[] = [];
  for (let i = 0; i < n; i++) (i % FOLDS === fold ? test : train).push(i);
  return { train, test };
}

/** Out-of-fold linear scores z: each row scored by the model fitted on the other folds. */
function outOfFold(z: number[][], labels: number[], l2: number): number[] {
  const out = new Array<number>(z.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const { train, test } = foldSplit(z.length, fold);
    const b = fitLogistic(train.map((i) => z[i]!), train.map((i) => labels[i]!), l2);
    for (const i of test) out[i] = z[i]!.reduce((s, v, k) => s + v * b[k + 1]!, b[0]!);
  }
  return out;
}

/** Mean ROC AUC over 5 folds (fold = index mod 5) for each penalty of the grid; the best penalty and its AUC. */
function crossValidate(z: number[][], labels: number[]): { l2: number; auc: number; grid: Array<{ l2: number; auc: number }> } {
  const grid = L2_GRID.map((l2) => {
    const scores = outOfFold(z, labels, l2);
    let sum = 0;
    for (let fold = 0; fold < FOLDS; fold++) {
      const { test } = foldSplit(z.length, fold);
      sum += rocAuc(test.map((i) => scores[i]!), test.map((i) => labels[i] === 1));
    }
    return { l2, auc: sum / FOLDS };
  });
  const best = grid.reduce((b, c) => (c.auc > b.auc + 1e-9 ? c : b));
  return { l2: best.l2, auc: best.auc, grid };
}

/**
 * The decision threshold, chosen on out-of-fold scores: each fit-half sentence is scored by a model
 * that did not see it, as a new text would be, so the threshold is not pulled by the in-sample fit
 * (in-sample scores are more extreme than those of unseen text). The macro F1 of neighbouring
 * integers differs by chance from one sentence to the next, so each candidate is judged by the mean
 * macro F1 over it and THRESHOLD_WINDOW integers either side.
 */
function chooseThreshold(scores: number[], gold: boolean[]): { threshold: number; smoothedMacroF1: number } {
  const f1 = new Map<number, number>();
  for (let t = 1; t <= 99; t++) f1.set(t, macroF1(scores.map((s) => s >= t), gold));
  let threshold = 50;
  let best = -1;
  for (let t = 1 + THRESHOLD_WINDOW; t <= 99 - THRESHOLD_WINDOW; t++) {
    let sum = 0;
    for (let d = -THRESHOLD_WINDOW; d <= THRESHOLD_WINDOW; d++) sum += f1.get(t + d)!;
    const mean = sum / (2 * THRESHOLD_WINDOW + 1);
    if (mean > best + 1e-12) { best = mean; threshold = t; }
  }
  return { threshold, smoothedMacroF1: best };
}

/** Greedy forward selection on the fit half; returns the chosen names and the AUC after each step. */
function selectFeatures(all: string[], columns: Map<string, number[]>, labels: number[]): Array<{ name: string; auc: number }> {
  const path: Array<{ name: string; auc: number }> = [];
  const chosen: string[] = [REQUIRED_FEATURE];
  const matrix = (names: string[]) => standardise(labels.map((_, i) => names.map((n) => columns.get(n)![i]!))).rows;
  path.push({ name: REQUIRED_FEATURE, auc: crossValidate(matrix(chosen), labels).auc });
  while (chosen.length + 2 < MAX_NUMBERS) {
    let best = { name: '', auc: -1 };
    for (const name of all) {
      if (chosen.includes(name) || NOT_CANDIDATES.has(name)) continue;
      const auc = crossValidate(matrix([...chosen, name]), labels).auc;
      if (auc > best.auc + 1e-12) best = { name, auc };
    }
    if (!best.name || best.auc < path[path.length - 1]!.auc + MIN_GAIN) break;
    chosen.push(best.name);
    path.push(best);
    console.error(`  + ${best.name.padEnd(24)} 5-fold AUC on the fit half ${best.auc.toFixed(4)}`);
  }
  return path;
}

function main(): void {
  const babePath = option('--babe') ?? evalPath('babe-dev.csv');
  const raw = requireFile(babePath, 'BABE file');
  const rows = parseBabe(raw);
  const known = Object.keys(FEATURES);
  const forced = option('--features')?.split(',');
  for (const name of forced ?? []) if (!FEATURES[name]) throw new Error(`unknown feature ${name}; known: ${known.join(', ')}`);
  if (forced && forced.length + 2 > MAX_NUMBERS) throw new Error(`${forced.length} features + intercept + threshold exceed ${MAX_NUMBERS} numbers`);

  // Every feature of every sentence, once; only the fit half is used below to choose and fit.
  const analysed = rows.map((row) => {
    const detail = analyzeDetailed(row.text);
    return { features: detail.features, y: row.label === 'Biased' ? 1 : 0, half: half(row.text), hasWords: detail.counts.tokens > 0 };
  });
  const fitRows = analysed.filter((r) => r.half === 0);
  const labels = fitRows.map((r) => r.y);
  const columns = new Map(known.map((n) => [n, fitRows.map((r) => r.features[n]!)]));

  if (process.argv.includes('--explore')) {
    for (const n of known) console.log(`${n.padEnd(24)} AUC on fit half ${rocAuc(columns.get(n)!, labels.map((y) => y === 1)).toFixed(3)}`);
  }

  console.error(forced ? `features given with --features` : `selecting features (5-fold cross-validation on the fit half)`);
  const selection = forced ? null : selectFeatures(known, columns, labels);
  const names = forced ?? selection!.map((s) => s.name);
  const all = analysed.map((r) => ({ x: names.map((n) => r.features[n]!), y: r.y, half: r.half, hasWords: r.hasWords }));
  const fit = all.filter((r) => r.half === 0);
  const { rows: standardised, mean, sd } = standardise(fit.map((r) => r.x));
  // 5-fold cross-validation inside the fit half (fold = index mod 5) picks the penalty.
  const cv = crossValidate(standardised, labels);
  const L2 = cv.l2;
  if (process.argv.includes('--explore')) for (const c of cv.grid) console.log(`L2 ${c.l2}: 5-fold AUC on fit half ${c.auc.toFixed(4)}`);
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
  const oofScores = outOfFold(standardised, labels, L2).map((zz, i) => (fit[i]!.hasWords ? Math.round(100 / (1 + Math.exp(-zz))) : 0));
  const { threshold, smoothedMacroF1 } = chooseThreshold(oofScores, fitGold);
  const best = macroF1(fitScores.map((s) => s >= threshold), fitGold);
  console.error(`threshold ${threshold}: out-of-fold macro F1 on the fit half ${macroF1(oofScores.map((s) => s >= threshold), fitGold).toFixed(4)} (mean over +-${THRESHOLD_WINDOW}: ${smoothedMacroF1.toFixed(4)}), out-of-fold AUC ${rocAuc(oofScores, fitGold).toFixed(4)}`);
  const heldOut = all.filter((r) => r.half === 1);
  const heldScores = heldOut.map((r) => scoreOf(r.x, r.hasWords));
  const heldGold = heldOut.map((r) => r.y === 1);
  const summary = {
    fitHalf: { n: fit.length, macroF1: best, auc: rocAuc(fitScores, fitGold) },
    heldOut: { n: heldOut.length, macroF1: macroF1(heldScores.map((s) => s >= threshold), heldGold), auc: rocAuc(heldScores, heldGold) },
  };

  const out = {
    about:
      'Written by services/decoder/scripts/fit-weights.ts. score = round(100 / (1 + exp(-(intercept + sum of weight * feature)))); ' +
      "'Biased' when score >= threshold. Features are defined in src/domain/analyzer/framing.ts (FEATURES). " +
      'Only these numbers come from BABE; no text or vocabulary of it is shipped.',
    fittedOn: {
      file: 'babe-dev.csv (BABE, Spinde et al. 2021, AGPL-3.0, read from ../shared/eval at fit time only)',
      sha256: createHash('sha256').update(raw).digest('hex'),
      rows: rows.length,
      half: 'FNV-1a 32-bit hash of the sentence text, bit 7 = 0 (fit half); bit 7 = 1 is held out',
      sentences: fit.length,
      method:
        `features by greedy forward selection from ${REQUIRED_FEATURE} (5-fold cross-validated AUC on the fit half, gain >= ${MIN_GAIN}, at most ${MAX_NUMBERS} numbers); ` +
        `L2-penalised logistic regression (IRLS), penalty ${L2} on standardised weights (chosen by 5-fold cross-validation on the fit half from ${L2_GRID.join(', ')}); threshold maximises the out-of-fold macro F1 on the fit half (5 folds, mean over the threshold and ${THRESHOLD_WINDOW} integers either side)`,
      selection: selection
        ? selection.map((s) => ({ feature: s.name, cvAuc: Number(s.auc.toFixed(4)) }))
        : 'given with --features',
      date: new Date().toISOString().slice(0, 10),
    },
    intercept,
    weights,
    threshold,
    fitFigures: {
      fitHalf: { sentences: summary.fitHalf.n, macroF1: Number(summary.fitHalf.macroF1.toFixed(4)), auc: Number(summary.fitHalf.auc.toFixed(4)) },
      heldOut: { sentences: summary.heldOut.n, macroF1: Number(summary.heldOut.macroF1.toFixed(4)), auc: Number(summary.heldOut.auc.toFixed(4)) },
    },
  };
  console.log(JSON.stringify({ weights, intercept, threshold, ...out.fitFigures }, null, 2));
  if (!process.argv.includes('--dry-run')) {
    const previous = readFileSync(WEIGHTS_FILE, 'utf8');
    writeFileSync(WEIGHTS_FILE, JSON.stringify(out, null, 2) + '\n');
    console.log(previous === JSON.stringify(out, null, 2) + '\n' ? 'weights.json unchanged' : `wrote ${WEIGHTS_FILE}`);
  }
}

main();
