/**
 * The decoder's evaluation, shared by `npm run eval:decoder` and the evaluation test.
 *
 * BABE (sentence level, labels Biased / Non-biased), on all sentences and on each deterministic half:
 *   - macro F1 at the engine's declared threshold (score >= threshold -> Biased)
 *   - ROC AUC of the integer score
 *   - token-level precision/recall/F1 of flagged spans against the annotators' biased_words
 *     (lower-cased word types per sentence, micro-averaged)
 *   - codeword false positives: codeword occurrences per 100 sentences labelled Non-biased
 * Glossary (race-related, formal-register entries, in their 'Linguistic Context' examples):
 *   - codeword recall: the entry's own dog whistle is flagged as a codeword in its example
 *   - the same on the entries whose example contains one of their surface forms
 *   - any-codeword rate: some codeword is flagged in the example
 */
import { analyzeDetailed } from '../../src/domain/analyzer/index.ts';
import { half, isRaceRelatedFormal, parseBabe, parseGlossary, requireFile, surfaceForms, type BabeRow, type GlossaryRow } from './eval-data.ts';
import { macroF1, prf, rocAuc, type Prf } from './metrics.ts';

export interface BabeFigures {
  sentences: number;
  biased: number;
  threshold: number;
  macroF1: number;
  auc: number;
  tokens: Prf;
  nonBiased: number;
  codewordFalsePositives: number;
  codewordFalsePositivesPer100: number;
}

export interface GlossaryFigures {
  entries: number;
  recalled: number;
  recall: number;
  evaluable: number;
  evaluableRecalled: number;
  evaluableRecall: number;
  anyCodeword: number;
  anyCodewordRate: number;
  missed: string[];
}

export interface Evaluation {
  babe: { all: BabeFigures; fitHalf: BabeFigures; heldOut: BabeFigures };
  glossary: GlossaryFigures;
}

interface SentenceResult {
  row: BabeRow;
  score: number;
  threshold: number;
  codewords: number;
  flagged: Set<string>;
}

/** The words of a flagged span, lower-cased, with punctuation at either end removed. */
function spanWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

function analyseBabe(rows: BabeRow[]): SentenceResult[] {
  return rows.map((row) => {
    const { result } = analyzeDetailed(row.text);
    const flagged = new Set<string>();
    for (const term of result.detected_terms) {
      for (const span of term.spans) for (const w of spanWords(row.text.slice(span.start, span.end))) flagged.add(w);
    }
    return { row, score: result.score, threshold: result.threshold, codewords: result.signals.codewordOccurrences, flagged };
  });
}

function babeFigures(results: SentenceResult[]): BabeFigures {
  const gold = results.map((r) => r.row.label === 'Biased');
  const threshold = results[0]?.threshold ?? 50;
  const predicted = results.map((r) => r.score >= r.threshold);
  let tp = 0, fp = 0, fn = 0;
  for (const r of results) {
    const goldWords = new Set(r.row.biasedWords.flatMap(spanWords));
    for (const w of r.flagged) goldWords.has(w) ? tp++ : fp++;
    for (const w of goldWords) if (!r.flagged.has(w)) fn++;
  }
  const nonBiased = results.filter((r) => r.row.label === 'Non-biased');
  const falsePositives = nonBiased.reduce((n, r) => n + r.codewords, 0);
  return {
    sentences: results.length,
    biased: gold.filter(Boolean).length,
    threshold,
    macroF1: macroF1(predicted, gold),
    auc: rocAuc(results.map((r) => r.score), gold),
    tokens: prf(tp, fp, fn),
    nonBiased: nonBiased.length,
    codewordFalsePositives: falsePositives,
    codewordFalsePositivesPer100: nonBiased.length ? (100 * falsePositives) / nonBiased.length : 0,
  };
}

function containsForm(example: string, forms: string[]): boolean {
  const normalise = (s: string) => ` ${s.toLowerCase().replace(/[#'\u2019]/g, '').replace(/[^\p{L}\p{N}%/]+/gu, ' ').trim()} `;
  const haystack = normalise(example);
  return forms.some((f) => {
    const needle = normalise(f);
    return needle.trim().length > 0 && haystack.includes(needle);
  });
}

export function glossaryFigures(rows: GlossaryRow[]): GlossaryFigures {
  const targets = rows.filter(isRaceRelatedFormal);
  let recalled = 0, evaluable = 0, evaluableRecalled = 0, anyCodeword = 0;
  const missed: string[] = [];
  for (const row of targets) {
    const name = row.Dogwhistle.trim();
    const example = row['Linguistic Context'];
    const detail = analyzeDetailed(example);
    const hit = detail.codewordGlossaryNames.some((names) => names.includes(name));
    const inExample = containsForm(example, surfaceForms(row['Surface Forms']));
    if (hit) recalled++;
    else missed.push(inExample ? name : `${name} (no surface form in its example)`);
    if (inExample) {
      evaluable++;
      if (hit) evaluableRecalled++;
    }
    if (detail.codewordGlossaryNames.length > 0) anyCodeword++;
  }
  const n = targets.length;
  return {
    entries: n,
    recalled,
    recall: n ? recalled / n : 0,
    evaluable,
    evaluableRecalled,
    evaluableRecall: evaluable ? evaluableRecalled / evaluable : 0,
    anyCodeword,
    anyCodewordRate: n ? anyCodeword / n : 0,
    missed,
  };
}

export function evaluate(options: { babePath: string; glossaryPath: string }): Evaluation {
  const babeRows = parseBabe(requireFile(options.babePath, 'BABE file (--babe)'));
  const glossaryRows = parseGlossary(requireFile(options.glossaryPath, 'glossary file (--glossary)'));
  const results = analyseBabe(babeRows);
  return {
    babe: {
      all: babeFigures(results),
      fitHalf: babeFigures(results.filter((r) => half(r.row.text) === 0)),
      heldOut: babeFigures(results.filter((r) => half(r.row.text) === 1)),
    },
    glossary: glossaryFigures(glossaryRows),
  };
}
