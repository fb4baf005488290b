/**
 * npm run eval:decoder [-- --babe FILE] [-- --glossary FILE] [-- --json]
 *                      [-- --llm [--sample N] [--concurrency N]]
 *
 * Runs the embedded analyzer over ../shared/eval (or the given files of the same formats) and
 * prints the figures of issues 4 and 16. See scripts/lib/evaluate.ts for the definitions.
 *
 * --llm runs the same evaluation through the decoder's LLM engine, as the service would with a model
 * configured: OPENAI_BASE_URL names an OpenAI-compatible server (OPENAI_API_KEY, DECODER_MODEL and
 * DECODER_LLM_TIMEOUT_MS as for the service). --sample N measures N BABE sentences spread evenly over
 * the file (a local model may take seconds a sentence); --concurrency N requests at a time (default 4).
 */
import { evalPath } from './lib/eval-data.ts';
import { evaluate, evaluateWith, translationCheck, type BabeFigures, type Evaluation } from './lib/evaluate.ts';
import type { TranslationFigures } from './lib/translation-check.ts';
import { llmReader, llmSettingsFromEnv } from './lib/llm-reader.ts';

const TARGETS = { macroF1: 0.66, auc: 0.74, recall: 0.9, falsePositivesPer100: 2 };
/** The translation checker's counts on the code before issue 31 (word substitution), for comparison. */
const TRANSLATION_BEFORE = { changed: 154, doubled: 2, article: 1, dangling: 2, headLoss: 7 };
/** Issue 16, on the held-out half. */
const HELD_OUT_AIMS = { macroF1: 0.71, auc: 0.78, tokenF1: 0.35 };
/** Issue 31, item 3: on the held-out half; codeword false positives no higher than before it (0.98 per 100 on all of babe-dev). */
const ISSUE_31_AIMS = { macroF1: 0.76, auc: 0.83, tokenF1: 0.45, falsePositivesPer100: 0.98, recall: 0.95 };

function option(name: string, what = 'a file path'): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs ${what}`);
  return value;
}

function countOption(name: string): number | undefined {
  const value = option(name, 'a positive whole number');
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} needs a positive whole number, not "${value}"`);
  return n;
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

async function main(): Promise<void> {
  const babePath = option('--babe') ?? evalPath('babe-dev.csv');
  const glossaryPath = option('--glossary') ?? evalPath('dogwhistle-glossary.tsv');
  const sample = countOption('--sample');
  const llm = process.argv.includes('--llm');
  const started = performance.now();
  let result: Evaluation;
  let title = 'Embedded analyzer evaluation';
  const notes: string[] = [];
  if (llm) {
    const settings = llmSettingsFromEnv(process.env);
    const reader = llmReader(settings);
    const concurrency = countOption('--concurrency') ?? 4;
    result = await evaluateWith({ babePath, glossaryPath, sample, concurrency }, reader.read);
    const { answered, fellBack, firstFailure } = reader.stats;
    title = `LLM engine evaluation (${settings.model} at ${settings.baseURL}, merged with the embedded engine as the service does)`;
    notes.push(`model answered ${answered} of ${answered + fellBack} texts; embedded fallback on ${fellBack}${firstFailure ? ` (first failure: ${firstFailure})` : ''}`);
    notes.push('glossary recall counts an entry when a flagged codeword is one of its surface forms');
    if (answered === 0) {
      process.exitCode = 1;
      notes.push('NO ANSWER FROM THE MODEL: the figures below are the embedded engine\'s');
    }
  } else {
    result = evaluate({ babePath, glossaryPath, sample });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  // The grammar of the embedded engine's translation (the LLM engine's comes from the model).
  const translationStarted = performance.now();
  const translation: TranslationFigures | undefined = llm ? undefined : translationCheck({ babePath, glossaryPath, sample });
  const translationSeconds = ((performance.now() - translationStarted) / 1000).toFixed(1);

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(llm ? { ...result, notes } : { ...result, translation }, null, 2));
    return;
  }
  const { all, fitHalf, heldOut } = result.babe;
  const g = result.glossary;
  const mark = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET');
  console.log(`${title} (${seconds} s)`);
  for (const note of notes) console.log(`  ${note}`);
  console.log(`BABE: ${babePath}${sample ? ` (sample of ${all.sentences} sentences spread over the file)` : ''}`);
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
  const gi = result.glossaryInformal;
  console.log(`  race-related informal (online) entries, apart: ${gi.entries}`);
  console.log(`  codeword recall (own dog whistle flagged in its example): ${gi.recall.toFixed(3)} (${gi.recalled}/${gi.entries})`);
  console.log(`  ... on examples that contain a surface form:              ${gi.evaluableRecall.toFixed(3)} (${gi.evaluableRecalled}/${gi.evaluable})`);
  if (!llm) console.log(`  informal codewords in Non-biased BABE sentences (false positives): all ${all.informalCodewordFalsePositives} (${all.informalCodewordFalsePositivesPer100.toFixed(2)} per 100), held-out ${heldOut.informalCodewordFalsePositives} (${heldOut.informalCodewordFalsePositivesPer100.toFixed(2)} per 100)`);
  console.log('Targets (issue 4):');
  console.log(`  macro F1 >= ${TARGETS.macroF1}: all ${all.macroF1.toFixed(3)}, held-out ${heldOut.macroF1.toFixed(3)} -> ${mark(all.macroF1 >= TARGETS.macroF1 && heldOut.macroF1 >= TARGETS.macroF1)}`);
  console.log(`  AUC >= ${TARGETS.auc}: all ${all.auc.toFixed(3)}, held-out ${heldOut.auc.toFixed(3)} -> ${mark(all.auc >= TARGETS.auc && heldOut.auc >= TARGETS.auc)}`);
  console.log(`  codeword recall >= ${TARGETS.recall}: ${g.recall.toFixed(3)} -> ${mark(g.recall >= TARGETS.recall)}`);
  console.log(`  codeword FP <= ${TARGETS.falsePositivesPer100}/100: all ${all.codewordFalsePositivesPer100.toFixed(2)}, held-out ${heldOut.codewordFalsePositivesPer100.toFixed(2)} -> ${mark(all.codewordFalsePositivesPer100 <= TARGETS.falsePositivesPer100 && heldOut.codewordFalsePositivesPer100 <= TARGETS.falsePositivesPer100)}`);
  // Four decimals here: a figure a hair below an aim must not print as the aim itself (0.7796 as 0.780).
  console.log('Aims on the held-out half (issue 16):');
  console.log(`  macro F1 >= ${HELD_OUT_AIMS.macroF1}: ${heldOut.macroF1.toFixed(4)} -> ${mark(heldOut.macroF1 >= HELD_OUT_AIMS.macroF1)}`);
  console.log(`  AUC >= ${HELD_OUT_AIMS.auc}: ${heldOut.auc.toFixed(4)} -> ${mark(heldOut.auc >= HELD_OUT_AIMS.auc)}`);
  console.log(`  token F1 >= ${HELD_OUT_AIMS.tokenF1}: ${heldOut.tokens.f1.toFixed(4)} -> ${mark(heldOut.tokens.f1 >= HELD_OUT_AIMS.tokenF1)}`);
  const a = ISSUE_31_AIMS;
  console.log('Aims of issue 31, item 3 (held-out half; codeword figures on all of babe-dev and the glossary):');
  console.log(`  macro F1 >= ${a.macroF1}: ${heldOut.macroF1.toFixed(4)} -> ${mark(heldOut.macroF1 >= a.macroF1)}`);
  console.log(`  AUC >= ${a.auc}: ${heldOut.auc.toFixed(4)} -> ${mark(heldOut.auc >= a.auc)}`);
  console.log(`  token F1 >= ${a.tokenF1}: ${heldOut.tokens.f1.toFixed(4)} -> ${mark(heldOut.tokens.f1 >= a.tokenF1)}`);
  console.log(`  codeword FP no rise (<= ${a.falsePositivesPer100}/100): ${all.codewordFalsePositivesPer100.toFixed(2)} -> ${mark(all.codewordFalsePositivesPer100 <= a.falsePositivesPer100 + 0.005)}`);
  console.log(`  codeword recall >= ${a.recall}: ${g.recall.toFixed(3)} -> ${mark(g.recall >= a.recall)}`);
  if (translation) printTranslation(translation, translationSeconds);
}

function printTranslation(t: TranslationFigures, seconds: string): void {
  const b = TRANSLATION_BEFORE;
  const errors = t.doubled + t.article + t.dangling + t.headLoss;
  console.log(`Keisha Translation grammar (issue 31; Biased BABE sentences and every glossary example; ${seconds} s):`);
  console.log(`  texts ${t.texts}, rewritten ${t.changed} (word substitution before issue 31: ${b.changed})`);
  console.log(`  doubled words                 ${String(t.doubled).padStart(4)}   (before: ${b.doubled})`);
  console.log(`  "a"/"an" mismatches           ${String(t.article).padStart(4)}   (before: ${b.article})`);
  console.log(`  dangling determiners/preps    ${String(t.dangling).padStart(4)}   (before: ${b.dangling})`);
  console.log(`  noun phrases that lost a head ${String(t.headLoss).padStart(4)}   (before: ${b.headLoss})`);
  console.log(`  aim: all 0 -> ${errors === 0 ? 'meets target' : 'BELOW TARGET'}`);
  for (const example of t.examples) console.log(`    ${example}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
