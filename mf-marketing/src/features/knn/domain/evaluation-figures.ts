// The decoder's evaluation as /knn quotes it, from evaluation-figures.json: written by `node
// infra/scripts/engine-figures.ts --write` from the evaluation `npm run eval:decoder` prints, and checked
// against it by infra/scripts/engine-figures.test.ts, so the page never quotes figures the engine no longer
// reaches (issue 28, item 5).
import figures from './evaluation-figures.json' with { type: 'json' };

interface Split {
  sentences: number;
  macroF1: number;
  auc: number;
  codewordFalsePositivesPer100: number;
}

export interface EvaluationFigures {
  heldOut: Split;
  all: Split;
  glossaryRecall: number;
  glossaryEntries: number;
}

interface ShownSplit {
  sentences: string;
  macroF1: string;
  auc: string;
  codewordFalsePositivesPer100: string;
}

/** The figures as the page writes them: F1 and AUC to 4 places (as eval:decoder's aims), rates to 2. */
export function shownFigures(source: EvaluationFigures) {
  const split = (s: Split): ShownSplit => ({
    sentences: s.sentences.toLocaleString('en-US'),
    macroF1: s.macroF1.toFixed(4),
    auc: s.auc.toFixed(4),
    codewordFalsePositivesPer100: s.codewordFalsePositivesPer100.toFixed(2),
  });
  return {
    heldOut: split(source.heldOut),
    all: split(source.all),
    glossaryRecall: `${(source.glossaryRecall * 100).toFixed(1)}%`,
    glossaryEntries: String(source.glossaryEntries),
  };
}

export const EVALUATION = shownFigures(figures);
