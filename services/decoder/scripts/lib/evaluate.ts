/**
 * The decoder's evaluation, shared by `npm run eval:decoder` and the evaluation test.
 *
 * BABE (sentence level, labels Biased / Non-biased), on all sentences and on each deterministic half:
 *   - macro F1 at the engine's declared threshold (score >= threshold -> Biased)
 *   - ROC AUC of the integer score
 *   - token-level precision/recall/F1 of flagged spans against the annotators' biased_words
 *     (lower-cased word types per sentence, micro-averaged)
 *   - codeword false positives: codeword occurrences per 100 sentences labelled Non-biased
 *   - of which informal: codeword occurrences whose dog whistle is an informal-register glossary entry
 * Glossary (race-related, formal-register entries, in their 'Linguistic Context' examples):
 *   - codeword recall: the entry's own dog whistle is flagged as a codeword in its example
 *   - the same on the entries whose example contains one of their surface forms
 *   - any-codeword rate: some codeword is flagged in the example
 * and the same figures for the race-related informal-register (online slang) entries, apart.
 *
 * The figures are computed from readings (score, threshold, flagged terms) of each text, so any
 * engine can be measured: `evaluate` reads with the embedded analyzer, `evaluateWith` with an
 * asynchronous reader such as the LLM engine (scripts/lib/llm-reader.ts).
 */
import { analyzeDetailed } from '../../src/domain/analyzer/index.ts';
import { half, isRaceRelatedFormal, isRaceRelatedInformal, parseBabe, parseGlossary, requireFile, surfaceForms, type BabeRow, type GlossaryRow } from './eval-data.ts';
import { macroF1, prf, rocAuc, type Prf } from './metrics.ts';
import { translationBody, translationFigures, type TranslationFigures } from './translation-check.ts';

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
  /** Of those, occurrences of informal-register glossary dog whistles (engines that name the entries only). */
  informalCodewordFalsePositives: number;
  informalCodewordFalsePositivesPer100: number;
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
  /** Race-related formal-register entries (the figures of issues 4, 16 and 31). */
  glossary: GlossaryFigures;
  /** Race-related informal-register entries, reported apart (issue 31, item 3). */
  glossaryInformal: GlossaryFigures;
}

/** What an engine said about one text: what the figures need, nothing more. */
export interface Reading {
  score: number;
  threshold: number;
  terms: Array<{ is_codeword: boolean; count: number; spans: Array<{ start: number; end: number }> }>;
  /**
   * The glossary dog whistles behind each codeword occurrence, when the engine knows them (the
   * embedded analyzer does). Without them, an entry counts as recalled when a flagged codeword is
   * one of its surface forms.
   */
  codewordGlossaryNames?: string[][];
}

export type Reader = (text: string) => Promise<Reading>;

export function embeddedReading(text: string): Reading {
  const { result, codewordGlossaryNames } = analyzeDetailed(text);
  return { score: result.score, threshold: result.threshold, terms: result.detected_terms, codewordGlossaryNames };
}

interface SentenceResult {
  row: BabeRow;
  score: number;
  threshold: number;
  codewords: number;
  informalCodewords: number;
  flagged: Set<string>;
}

/** The words of a flagged span, lower-cased, with punctuation at either end removed. */
export function spanWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

function sentenceResult(row: BabeRow, reading: Reading, informalNames: ReadonlySet<string>): SentenceResult {
  const flagged = new Set<string>();
  let codewords = 0;
  for (const term of reading.terms) {
    if (term.is_codeword) codewords += term.count;
    for (const span of term.spans) for (const w of spanWords(row.text.slice(span.start, span.end))) flagged.add(w);
  }
  const informalCodewords = (reading.codewordGlossaryNames ?? []).filter((names) => names.some((n) => informalNames.has(n))).length;
  return { row, score: reading.score, threshold: reading.threshold, codewords, informalCodewords, flagged };
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
  const informalFalsePositives = nonBiased.reduce((n, r) => n + r.informalCodewords, 0);
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
    informalCodewordFalsePositives: informalFalsePositives,
    informalCodewordFalsePositivesPer100: nonBiased.length ? (100 * informalFalsePositives) / nonBiased.length : 0,
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

/** The glossary entries the figures are about: race-related, formal register. */
export function glossaryTargets(rows: GlossaryRow[]): GlossaryRow[] {
  return rows.filter(isRaceRelatedFormal);
}

/** Did the reading flag this entry's own dog whistle as a codeword? */
function recallsEntry(row: GlossaryRow, reading: Reading): boolean {
  const name = row.Dogwhistle.trim();
  if (reading.codewordGlossaryNames) return reading.codewordGlossaryNames.some((names) => names.includes(name));
  const example = row['Linguistic Context'];
  const forms = surfaceForms(row['Surface Forms']);
  return reading.terms.some((t) => t.is_codeword && t.spans.some((s) => containsForm(` ${example.slice(s.start, s.end)} `, forms)));
}

function anyCodewordIn(reading: Reading): boolean {
  return reading.terms.some((t) => t.is_codeword && t.count > 0);
}

/** `readings[i]` is the reading of the example of `glossaryTargets(rows)[i]`. */
export function glossaryFigures(targets: GlossaryRow[], readings: Reading[]): GlossaryFigures {
  let recalled = 0, evaluable = 0, evaluableRecalled = 0, anyCodeword = 0;
  const missed: string[] = [];
  targets.forEach((row, i) => {
    const name = row.Dogwhistle.trim();
    const example = row['Linguistic Context'];
    const reading = readings[i]!;
    const hit = recallsEntry(row, reading);
    const inExample = containsForm(example, surfaceForms(row['Surface Forms']));
    if (hit) recalled++;
    else missed.push(inExample ? name : `${name} (no surface form in its example)`);
    if (inExample) {
      evaluable++;
      if (hit) evaluableRecalled++;
    }
    if (anyCodewordIn(reading)) anyCodeword++;
  });
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

export interface EvaluationInput {
  babePath: string;
  glossaryPath: string;
  /** Measure only this many BABE sentences, spread evenly over the file (for slow engines). */
  sample?: number;
}

interface EvaluationData {
  babeRows: BabeRow[];
  glossaryTargets: GlossaryRow[];
  informalTargets: GlossaryRow[];
  /** Dog whistle names of the informal-register glossary entries of any persona. */
  informalNames: Set<string>;
}

/** An even spread of `n` rows (every k-th), or all of them. */
export function spread<T>(rows: T[], n: number | undefined): T[] {
  if (n === undefined || n >= rows.length) return rows;
  const step = rows.length / n;
  return Array.from({ length: n }, (_, i) => rows[Math.floor(i * step)]!);
}

function loadData(options: EvaluationInput): EvaluationData {
  const babeRows = parseBabe(requireFile(options.babePath, 'BABE file (--babe)'));
  const glossaryRows = parseGlossary(requireFile(options.glossaryPath, 'glossary file (--glossary)'));
  return {
    babeRows: spread(babeRows, options.sample),
    glossaryTargets: glossaryTargets(glossaryRows),
    informalTargets: glossaryRows.filter(isRaceRelatedInformal),
    informalNames: new Set(glossaryRows.filter((r) => r.Register.trim().startsWith('Informal')).map((r) => r.Dogwhistle.trim())),
  };
}

function figures(data: EvaluationData, babeReadings: Reading[], glossaryReadings: Reading[], informalReadings: Reading[]): Evaluation {
  const results = data.babeRows.map((row, i) => sentenceResult(row, babeReadings[i]!, data.informalNames));
  return {
    babe: {
      all: babeFigures(results),
      fitHalf: babeFigures(results.filter((r) => half(r.row.text) === 0)),
      heldOut: babeFigures(results.filter((r) => half(r.row.text) === 1)),
    },
    glossary: glossaryFigures(data.glossaryTargets, glossaryReadings),
    glossaryInformal: glossaryFigures(data.informalTargets, informalReadings),
  };
}

/** The evaluation of the embedded analyzer (synchronous: it is pure and fast). */
export function evaluate(options: EvaluationInput): Evaluation {
  const data = loadData(options);
  return figures(
    data,
    data.babeRows.map((row) => embeddedReading(row.text)),
    data.glossaryTargets.map((row) => embeddedReading(row['Linguistic Context'])),
    data.informalTargets.map((row) => embeddedReading(row['Linguistic Context'])),
  );
}

/** Runs `read` over `texts`, at most `concurrency` at a time; results keep the input order. */
async function readAll(texts: string[], read: Reader, concurrency: number, onDone?: () => void): Promise<Reading[]> {
  const out = new Array<Reading>(texts.length);
  let next = 0;
  const worker = async () => {
    while (next < texts.length) {
      const i = next++;
      out[i] = await read(texts[i]!);
      onDone?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, texts.length)) }, worker));
  return out;
}

/** The same evaluation with any engine, read through `read` (for example the LLM engine over HTTP). */
export async function evaluateWith(
  options: EvaluationInput & { concurrency: number; onProgress?: (done: number, total: number) => void },
  read: Reader,
): Promise<Evaluation> {
  const data = loadData(options);
  const texts = [...data.babeRows.map((r) => r.text), ...data.glossaryTargets.map((r) => r['Linguistic Context']), ...data.informalTargets.map((r) => r['Linguistic Context'])];
  let done = 0;
  const readings = await readAll(texts, read, options.concurrency, () => options.onProgress?.(++done, texts.length));
  const g = data.babeRows.length + data.glossaryTargets.length;
  return figures(data, readings.slice(0, data.babeRows.length), readings.slice(data.babeRows.length, g), readings.slice(g));
}

/**
 * The Keisha Translation's grammar (issue 31, item 1): every Biased BABE sentence and every glossary
 * example (all 340, any persona or register), rewritten by the embedded analyzer and checked by
 * translation-check.ts.
 */
export function translationCheck(options: EvaluationInput): TranslationFigures {
  const babe = parseBabe(requireFile(options.babePath, 'BABE file (--babe)')).filter((r) => r.label === 'Biased').map((r) => r.text);
  const glossary = parseGlossary(requireFile(options.glossaryPath, 'glossary file (--glossary)')).map((r) => r['Linguistic Context']);
  const texts = spread([...babe, ...glossary], options.sample);
  return translationFigures(texts.map((text) => [text.trimEnd(), translationBody(analyzeDetailed(text).result.translation.text)]));
}
