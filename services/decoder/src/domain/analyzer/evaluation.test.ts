/**
 * Runs the decoder evaluation on ../shared/eval, the way `npm run eval:decoder` does, and holds the
 * analyzer to the figures it reached (minus a small margin). The data is required: CI has it, so a
 * missing folder is a failure, not a skip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFramingWords, buildLexicon, DATA_DIR } from '../../../scripts/build-lexicon.ts';
import { EVAL_DIR, parseBabe, parseGlossary } from '../../../scripts/lib/eval-data.ts';
import { evaluate } from '../../../scripts/lib/evaluate.ts';

const REQUIRED = ['babe-dev.csv', 'dogwhistle-glossary.tsv', 'racial-dogwhistle-regexes.tsv', 'lexicons/npov_lexicon.txt'];

function requireEvalData(): void {
  const missing = REQUIRED.filter((f) => !existsSync(EVAL_DIR + f));
  if (missing.length) {
    throw new Error(`evaluation data missing in ${EVAL_DIR}: ${missing.join(', ')}. The decoder tests need ../shared/eval beside the repository (CI has it).`);
  }
}

describe('decoder evaluation on ../shared/eval', () => {
  requireEvalData();
  const result = evaluate({ babePath: EVAL_DIR + 'babe-dev.csv', glossaryPath: EVAL_DIR + 'dogwhistle-glossary.tsv' });

  it('keeps codeword recall on the race-related formal glossary examples', () => {
    expect(result.glossary.entries).toBe(74);
    expect(result.glossary.recall).toBeGreaterThanOrEqual(0.93); // measured 0.946 (70/74); target 0.90
    expect(result.glossary.evaluableRecall).toBeGreaterThanOrEqual(0.95); // measured 0.972 (69/71)
  });

  it('keeps codeword false positives on Non-biased BABE sentences at most 2 per 100', () => {
    expect(result.babe.all.codewordFalsePositivesPer100).toBeLessThanOrEqual(1.2); // measured 0.98
    expect(result.babe.heldOut.codewordFalsePositivesPer100).toBeLessThanOrEqual(1.7); // measured 1.40
  });

  it('keeps the score figures on BABE', () => {
    // "all" includes the fit half, which the words model has seen (word-weights.json): in-sample figures.
    expect(result.babe.all.macroF1).toBeGreaterThanOrEqual(0.80); // measured 0.810
    expect(result.babe.all.auc).toBeGreaterThanOrEqual(0.875); // measured 0.884
    expect(result.babe.heldOut.macroF1).toBeGreaterThanOrEqual(0.76); // measured 0.7603; issue 31 aims at 0.76
    expect(result.babe.heldOut.auc).toBeGreaterThanOrEqual(0.83); // measured 0.8419; issue 31 aims at 0.83
    // Since issue 31 item 3 the tagged opinion words (tagged.ts) are shown too: 0.359 / 0.3559 before them.
    expect(result.babe.all.tokens.f1).toBeGreaterThanOrEqual(0.49); // measured 0.507
    expect(result.babe.heldOut.tokens.f1).toBeGreaterThanOrEqual(0.45); // measured 0.4639; issue 31 aims at 0.45
  });

  it('reports the informal (online) dog whistles apart, with their false positives', () => {
    expect(result.glossaryInformal.entries).toBe(61);
    expect(result.glossaryInformal.recall).toBeGreaterThanOrEqual(0.3); // measured 0.328 (20/61)
    expect(result.babe.all.informalCodewordFalsePositives).toBeLessThanOrEqual(1); // measured 1 of 1,128 Non-biased sentences
    expect(result.babe.all.informalCodewordFalsePositives).toBeLessThanOrEqual(result.babe.all.codewordFalsePositives);
  });
});

describe('shipped data', () => {
  requireEvalData();

  it('is exactly what scripts/build-lexicon.ts builds from ../shared/eval', () => {
    const shippedLexicon = JSON.parse(readFileSync(DATA_DIR + 'lexicon.json', 'utf8'));
    const shippedFraming = JSON.parse(readFileSync(DATA_DIR + 'framing-words.json', 'utf8'));
    expect(shippedLexicon).toEqual(buildLexicon(EVAL_DIR).lexicon);
    expect(shippedFraming).toEqual(buildFramingWords(EVAL_DIR));
  });

  it('never contains the glossary examples, its quoted explanations, or BABE sentences', () => {
    const shipped = ['lexicon.json', 'explanations.json', 'framing-words.json', 'framing-ours.json', 'weights.json', 'word-weights.json', 'word-vectors.json', 'README.md']
      .map((f) => readFileSync(DATA_DIR + f, 'utf8').toLowerCase())
      .join('\n');
    const glossary = parseGlossary(readFileSync(EVAL_DIR + 'dogwhistle-glossary.tsv', 'utf8'));
    const quoted = glossary.flatMap((row) => [row['Linguistic Context'], row['Additional explanation directly from source']]);
    const babe = parseBabe(readFileSync(EVAL_DIR + 'babe-dev.csv', 'utf8')).map((row) => row.text);
    // Any 60-character stretch of a third-party sentence would show up as a contiguous substring.
    const leaks = [...quoted, ...babe]
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s.length >= 60)
      .flatMap((s) => [s.slice(0, 60), s.slice(Math.floor(s.length / 2) - 30, Math.floor(s.length / 2) + 30)])
      .filter((chunk) => shipped.includes(chunk));
    expect(leaks).toEqual([]);
  });

  it('ships word stems in alphabetical order, with no figures', () => {
    const file = JSON.parse(readFileSync(DATA_DIR + 'word-weights.json', 'utf8')) as { weights: Record<string, number>; shown: string[] };
    expect(file.shown).toEqual([...file.shown].sort());
    const stems = Object.keys(file.weights);
    expect(stems.length).toBeGreaterThan(0);
    expect(stems).toEqual([...stems].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(stems.filter((s) => /[0-9]/.test(s))).toEqual([]);
  });
});
