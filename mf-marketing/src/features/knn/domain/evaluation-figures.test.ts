import { describe, expect, it } from 'vitest';
import figures from './evaluation-figures.json' with { type: 'json' };
import { EVALUATION, shownFigures } from './evaluation-figures.ts';

describe('the evaluation /knn quotes', () => {
  it('writes F1 and AUC to four places, rates to two, counts with separators', () => {
    const shown = shownFigures({
      heldOut: { sentences: 1143, macroF1: 0.7323, auc: 0.813, codewordFalsePositivesPer100: 1.4 },
      all: { sentences: 2218, macroF1: 0.7944, auc: 0.8736, codewordFalsePositivesPer100: 0.98 },
      glossaryRecall: 0.946,
      glossaryEntries: 74,
    });
    expect(shown.heldOut).toEqual({ sentences: '1,143', macroF1: '0.7323', auc: '0.8130', codewordFalsePositivesPer100: '1.40' });
    expect(shown.all.sentences).toBe('2,218');
    expect(shown.glossaryRecall).toBe('94.6%');
  });

  it('is the generated file, not figures typed into the page', () => {
    expect(EVALUATION.heldOut.macroF1).toBe(figures.heldOut.macroF1.toFixed(4));
    expect(EVALUATION.heldOut.auc).toBe(figures.heldOut.auc.toFixed(4));
  });
});
