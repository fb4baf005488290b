// The figures the marketing pages quote about the decoder, taken from the engine itself (issue 28, item 5):
// the landing page's example card and the decoder demo video show what the embedded analyzer answers for
// their texts, and /knn quotes the evaluation that `npm run eval:decoder` prints. A remote may not import a
// service, so the figures are written as JSON files of the marketing remote, committed, and checked by
// engine-figures.test.ts, which fails as soon as the engine would answer differently.
//
//   node infra/scripts/engine-figures.ts            prints what the engine gives now, and what drifted
//   node infra/scripts/engine-figures.ts --write    rewrites the two JSON files (then remake the videos:
//                                                    node mf-marketing/scripts/make-videos.ts)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeArticle } from '../../services/decoder/src/domain/analyzer/index.ts';
import { EVAL_DIR } from '../../services/decoder/scripts/lib/eval-data.ts';
import { evaluate, type BabeFigures } from '../../services/decoder/scripts/lib/evaluate.ts';
import { REPO_ROOT } from '../local/topology.ts';

export const EXAMPLES_FILE = path.join(REPO_ROOT, 'mf-marketing/src/features/landing/domain/engine-examples.json');
export const EVALUATION_FILE = path.join(REPO_ROOT, 'mf-marketing/src/features/knn/domain/evaluation-figures.json');

/** The landing page's example card (hero) and the article typed into the decoder demo video. */
export const EXAMPLE_TEXTS = {
  card: 'Police stepped up patrols in the inner-city district after reports of urban unrest, while residents of the quiet suburbs said they felt safe.',
  demo: 'City officials approved a plan on Tuesday to increase police patrols in inner-city neighborhoods after weeks of urban unrest. Supporters called it tough on crime, while residents of the quiet suburbs said they finally felt heard.',
} as const;

export interface EngineExample {
  text: string;
  score: number;
  threshold: number;
  terms: Array<{ term: string; is_codeword: boolean; explanation: string; spans: Array<{ start: number; end: number }> }>;
  /** The Keisha Translation's rewrite of the text (without the closing "Keisha's reading" paragraph). */
  translation: string;
}

export type EngineExamples = Record<keyof typeof EXAMPLE_TEXTS, EngineExample> & { generatedBy: string };

const GENERATED_BY = 'node infra/scripts/engine-figures.ts --write (from the embedded analyzer of services/decoder); do not edit by hand';

export function engineExample(text: string): EngineExample {
  const result = analyzeArticle(text);
  return {
    text,
    score: result.score,
    threshold: result.threshold,
    terms: result.detected_terms.map(({ term, is_codeword, explanation, spans }) => ({ term, is_codeword, explanation, spans })),
    translation: result.translation.text.split('\n\n')[0]!,
  };
}

export function engineExamples(): EngineExamples {
  return { generatedBy: GENERATED_BY, card: engineExample(EXAMPLE_TEXTS.card), demo: engineExample(EXAMPLE_TEXTS.demo) };
}

export interface SplitFigures {
  sentences: number;
  macroF1: number;
  auc: number;
  codewordFalsePositivesPer100: number;
}

export interface EvaluationFigures {
  generatedBy: string;
  /** The half of BABE the weights were never fitted on: the figures to quote. */
  heldOut: SplitFigures;
  /** All of BABE's development split, fit half included (in-sample). */
  all: SplitFigures;
  glossaryRecall: number;
  glossaryEntries: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function split(figures: BabeFigures): SplitFigures {
  return {
    sentences: figures.sentences,
    macroF1: round(figures.macroF1, 4),
    auc: round(figures.auc, 4),
    codewordFalsePositivesPer100: round(figures.codewordFalsePositivesPer100, 2),
  };
}

/** The evaluation `npm run eval:decoder` prints, on ../shared/eval (about 20 s). */
export function evaluationFigures(): EvaluationFigures {
  const result = evaluate({ babePath: EVAL_DIR + 'babe-dev.csv', glossaryPath: EVAL_DIR + 'dogwhistle-glossary.tsv' });
  return {
    generatedBy: GENERATED_BY.replace('(from the embedded analyzer of services/decoder)', '(the evaluation npm run eval:decoder prints, on ../shared/eval)'),
    heldOut: split(result.babe.heldOut),
    all: split(result.babe.all),
    glossaryRecall: round(result.glossary.recall, 3),
    glossaryEntries: result.glossary.entries,
  };
}

export function readCommitted(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

if (import.meta.main) {
  const outputs: Array<[string, unknown]> = [
    [EXAMPLES_FILE, engineExamples()],
    [EVALUATION_FILE, evaluationFigures()],
  ];
  const write = process.argv.includes('--write');
  for (const [file, value] of outputs) {
    const relative = path.relative(REPO_ROOT, file);
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      // not written yet
    }
    const same = committed === json(value);
    if (write && !same) writeFileSync(file, json(value));
    console.log(`${relative}: ${same ? 'matches the engine' : write ? 'rewritten' : 'DRIFTED (run with --write)'}`);
    if (!write) console.log(json(value));
  }
}
