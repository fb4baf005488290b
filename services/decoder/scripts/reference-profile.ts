/**
 * node services/decoder/scripts/reference-profile.ts [--babe FILE]
 *
 * Writes src/domain/analyzer/data/reference.json from the FIT half of ../shared/eval/babe-dev.csv
 * (the half fit-weights.ts fits on; the held-out half is not read):
 *   - typical: the mean of each scored feature over the fit half's sentences, the "typical sentence"
 *     from which the result's evidence measures how far each feature moved the score (issue 31, item 2);
 *   - ranges: the 1st and 99th percentiles of the features that describe the shape of a text (words per
 *     sentence, letters per word), so that the score never extrapolates a trend beyond the sentences it
 *     was fitted on (a 5-word line is read as the shortest sentences of the fit half, not as shorter).
 * Run it after fit-weights.ts. Only numbers leave this script.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeDetailed } from '../src/domain/analyzer/index.ts';
import { weights } from '../src/domain/analyzer/score.ts';
import { evalPath, half, parseBabe, requireFile } from './lib/eval-data.ts';

const OUT = fileURLToPath(new URL('../src/domain/analyzer/data/reference.json', import.meta.url));
/** Shape features: clamped to the fit half's range. Counts of words of a kind are not (more of them is more evidence). */
export const SHAPE_FEATURES = ['logTokensPerSentence', 'meanWordLength'];
const LOW = 0.01;
const HIGH = 0.99;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const path = option('--babe') ?? evalPath('babe-dev.csv');
const raw = requireFile(path, 'BABE file (--babe)');
const fit = parseBabe(raw).filter((r) => half(r.text) === 0);
// The features as the score reads them, before any clamping.
const rows = fit.map((r) => analyzeDetailed(r.text).features);
const round = (x: number) => Number(x.toPrecision(6));
const typical: Record<string, number> = {};
for (const name of Object.keys(weights.weights)) typical[name] = round(rows.reduce((sum, f) => sum + f[name]!, 0) / rows.length);
const ranges: Record<string, [number, number]> = {};
for (const name of SHAPE_FEATURES) {
  const values = rows.map((f) => f[name]!).sort((a, b) => a - b);
  ranges[name] = [round(values[Math.floor(LOW * (values.length - 1))]!), round(values[Math.ceil(HIGH * (values.length - 1))]!)];
}
const out = {
  about:
    'Written by services/decoder/scripts/reference-profile.ts from the fit half of BABE (the half fit-weights.ts fits on). typical: mean of each scored feature, the point the evidence is measured from; ranges: 1st and 99th percentiles of the shape features, to which the score clamps them. Numbers only.',
  fittedOn: { file: 'babe-dev.csv', sha256: createHash('sha256').update(readFileSync(path)).digest('hex'), sentences: rows.length, half: 'FNV-1a bit 7 = 0 (fit half)' },
  typical,
  ranges,
};
writeFileSync(OUT, JSON.stringify(out, null, 2) + '\n');
console.log(`wrote ${OUT}`);
console.log(JSON.stringify({ typical, ranges }, null, 2));
