/**
 * npm run eval:decoder [-- --babe FILE] [-- --glossary FILE] [-- --json]
 *
 * Runs the embedded analyzer over ../shared/eval (or the given files of the same formats) and
 * prints the five figures of issue 4. See scripts/lib/evaluate.ts for the definitions.
 */
import { evalPath } from './lib/eval-data.ts';
import { evaluate, type BabeFigures } from './lib/evaluate.ts';

const TARGETS = { macroF1: 0.66, auc: 0.74, recall: 0.9, falsePositivesPer100: 2 };

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a file path`);
  return value;
}

function row(label: string, f: BabeFigures): string {
  const cells = [
    label.padEnd(10),
    String(f.sentences).padStart(5),
    f.macroF1.toFixed(3).padStart(8),
    f.auc.toFixed(3).padStart(7),
    `${f.tokens.precision.toFixed(3)}/${f.tokens.recall.toFixed(3)}/${f.tokens.f1.toFixed(3)}`.padStart(19),
    `${f.codewordFalsePositivesPer100.toFixed(2)} (${f.codewordFalsePositives}/${f.nonBiased})`.padStart(16),
  ];
  return cells.join('  ');
}

function main(): void {
  const babePath = option('--babe') ?? evalPath('babe-dev.csv');
  const glossaryPath = option('--glossary') ?? evalPath('dogwhistle-glossary.tsv');
  const started = performance.now();
  const result = evaluate({ babePath, glossaryPath });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  const { all, fitHalf, heldOut } = result.babe;
  const g = result.glossary;
  const mark = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET');
  console.log(`Embedded analyzer evaluation (${seconds} s)`);
  console.log(`BABE: ${babePath}`);
  console.log(`  threshold ${all.threshold} (score >= threshold -> Biased); fit half = FNV-1a(text) bit 7 = 0, held-out = 1`);
  console.log(`  ${'sentences'.padEnd(10)}  ${'n'.padStart(5)}  ${'macroF1'.padStart(8)}  ${'AUC'.padStart(7)}  ${'token P/R/F1'.padStart(19)}  ${'codeword FP/100'.padStart(16)}`);
  console.log(`  ${row('all', all)}`);
  console.log(`  ${row('fit half', fitHalf)}`);
  console.log(`  ${row('held-out', heldOut)}`);
  console.log(`Glossary: ${glossaryPath}`);
  console.log(`  race-related formal entries: ${g.entries}`);
  console.log(`  codeword recall (own dog whistle flagged in its example): ${g.recall.toFixed(3)} (${g.recalled}/${g.entries})`);
  console.log(`  ... on examples that contain a surface form:              ${g.evaluableRecall.toFixed(3)} (${g.evaluableRecalled}/${g.evaluable})`);
  console.log(`  examples with any codeword flagged:                       ${g.anyCodewordRate.toFixed(3)} (${g.anyCodeword}/${g.entries})`);
  if (g.missed.length) console.log(`  missed: ${g.missed.join('; ')}`);
  console.log('Targets (issue 4):');
  console.log(`  macro F1 >= ${TARGETS.macroF1}: all ${all.macroF1.toFixed(3)}, held-out ${heldOut.macroF1.toFixed(3)} -> ${mark(all.macroF1 >= TARGETS.macroF1 && heldOut.macroF1 >= TARGETS.macroF1)}`);
  console.log(`  AUC >= ${TARGETS.auc}: all ${all.auc.toFixed(3)}, held-out ${heldOut.auc.toFixed(3)} -> ${mark(all.auc >= TARGETS.auc && heldOut.auc >= TARGETS.auc)}`);
  console.log(`  codeword recall >= ${TARGETS.recall}: ${g.recall.toFixed(3)} -> ${mark(g.recall >= TARGETS.recall)}`);
  console.log(`  codeword FP <= ${TARGETS.falsePositivesPer100}/100: all ${all.codewordFalsePositivesPer100.toFixed(2)}, held-out ${heldOut.codewordFalsePositivesPer100.toFixed(2)} -> ${mark(all.codewordFalsePositivesPer100 <= TARGETS.falsePositivesPer100 && heldOut.codewordFalsePositivesPer100 <= TARGETS.falsePositivesPer100)}`);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
