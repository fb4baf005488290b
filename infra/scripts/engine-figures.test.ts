// The marketing pages quote the decoder (issue 28, item 5): the landing's example card and the demo video show a
// score and findings, /knn quotes the evaluation. Those figures are JSON files of the marketing remote written
// by engine-figures.ts; these tests fail as soon as the engine would answer differently from what they say.
import { describe, expect, it } from 'vitest';
import { engineExamples, evaluationFigures, EVALUATION_FILE, EXAMPLES_FILE, readCommitted } from './engine-figures.ts';

const HOW_TO_FIX = 'run `node infra/scripts/engine-figures.ts --write`, then `node mf-marketing/scripts/make-videos.ts`';

describe('figures the marketing pages quote', () => {
  it('the landing example card and the demo video show what the embedded analyzer answers for their texts', () => {
    expect(readCommitted(EXAMPLES_FILE), HOW_TO_FIX).toEqual(engineExamples());
  });

  it('/knn quotes the evaluation that npm run eval:decoder prints', () => {
    expect(readCommitted(EVALUATION_FILE), HOW_TO_FIX).toEqual(evaluationFigures());
  }, 120_000);
});
