// The fitting code of the words model (scripts/lib), on small made-up data: pure, no database.
import { describe, expect, it } from 'vitest';
import { fitSparseLogistic, linearScore, sparseRow } from '../scripts/lib/sparse-logistic.ts';
import { crossFitted, displayCounts, displayRow, fitWordsModel, markedStems, nameStems, wordEvidence, wordsRow } from '../scripts/lib/words-model.ts';
import { seededRandom } from '../scripts/lib/seeded-random.ts';

describe('fitSparseLogistic', () => {
  it('reaches the penalised optimum (gradient zero)', () => {
    const next = seededRandom(7);
    const rows = Array.from({ length: 200 }, () => sparseRow([[1, next() * 2 - 1], [2, next() < 0.3 ? 1 : 0], [3, next() * 3]].filter(([, v]) => v !== 0) as Array<[number, number]>));
    const y = rows.map((r) => (linearScore(r, Float64Array.from([-0.5, 2, 1, -0.3])) + (next() - 0.5) * 2 > 0 ? 1 : 0));
    const lambda = Float64Array.from([0, 1, 2, 0.5]);
    const beta = fitSparseLogistic(rows, y, 4, lambda);
    const gradient = new Float64Array(4);
    rows.forEach((r, i) => {
      const residual = 1 / (1 + Math.exp(-linearScore(r, beta))) - y[i]!;
      gradient[0]! += residual;
      for (let k = 0; k < r.idx.length; k++) gradient[r.idx[k]!]! += residual * r.val[k]!;
    });
    for (let j = 1; j < 4; j++) gradient[j]! += lambda[j]! * beta[j]!;
    for (const g of gradient) expect(Math.abs(g)).toBeLessThan(1e-5);
    expect(beta[1]).toBeGreaterThan(0);
  });

  it('shrinks towards zero as the penalty grows', () => {
    const rows = [sparseRow([[1, 1]]), sparseRow([[1, 1]]), sparseRow([[1, 1]]), sparseRow([])];
    const y = [1, 1, 0, 0];
    const light = fitSparseLogistic(rows, y, 2, Float64Array.from([0, 0.1]));
    const heavy = fitSparseLogistic(rows, y, 2, Float64Array.from([0, 100]));
    expect(Math.abs(heavy[1]!)).toBeLessThan(Math.abs(light[1]!));
    expect(Math.abs(heavy[1]!)).toBeLessThan(0.05);
  });
});

describe('words model', () => {
  const biased = ['The radical plan was a disaster.', 'A radical and shameful move.', 'Critics call the radical bill a disaster.', 'This shameful radical scheme.'];
  const neutral = ['The plan was approved on Monday.', 'The bill passed the committee.', 'Officials said the plan would start.', 'The committee met on Monday.'];
  const rows = [
    ...biased.map((t) => wordsRow(t, ['radical'], 1)),
    ...neutral.map((t) => wordsRow(t, [], 0)),
  ];
  const all = rows.map((_, i) => i);

  it('weighs words of biased sentences up and of neutral ones down', () => {
    const fitted = fitWordsModel(rows, all, 1, new Set());
    expect(fitted.table.get('radical')).toBeGreaterThan(0);
    expect(fitted.table.get('committee')).toBeLessThan(0);
    expect(fitted.markedRateWeight).toBeGreaterThan(0);
    expect(wordEvidence(rows[0]!, fitted.table)).toBeGreaterThan(wordEvidence(rows[4]!, fitted.table));
  });

  it('leaves names out', () => {
    const fitted = fitWordsModel(rows, all, 1, new Set(['radical']));
    expect(fitted.table.has('radical')).toBe(false);
  });

  it('finds names by their capitals inside a sentence, and figures', () => {
    const names = nameStems(['Yesterday Smith said the Senate met.', 'Smith agreed.', 'The senate voted in 2020.', 'Senate rules apply.']);
    expect(names.has('smith')).toBe(true);
    expect(names.has('2020')).toBe(true);
    // "senate": capitalised once and lower case once inside a sentence: not more than half.
    expect(names.has('senate')).toBe(false);
    expect(names.has('yesterday')).toBe(false);
  });

  it('cross-fits: a sentence\'s value does not depend on its own label or marks', () => {
    const fold = Int32Array.from(all.map((i) => i % 4));
    const before = crossFitted(rows, all, fold, 4, 1, new Set());
    const flipped = rows.map((r, i) => (i === 0 ? { ...r, y: 0, marked: new Set<string>() } : r));
    const after = crossFitted(flipped, all, fold, 4, 1, new Set());
    expect(after.evidence[0]).toBeCloseTo(before.evidence[0]!, 12);
    // ... while the rows that learn from it do change.
    expect(after.evidence[1]).not.toBeCloseTo(before.evidence[1]!, 6);
  });

  it('shows listed words the annotators marked often enough, and counts the display as the evaluation does', () => {
    const texts = ['A bizarre plan.', 'A bizarre idea.', 'A bizarre day.', 'A strange plan.', 'Another strange plan.', 'A strange idea.'];
    const marks = [['bizarre'], ['bizarre'], [], ['strange'], [], []];
    const words = texts.map((t, i) => wordsRow(t, marks[i]!, marks[i]!.length ? 1 : 0));
    const display = texts.map((t, i) => displayRow(t, new Set(), new Set(marks[i])));
    const listed = new Set(['bizarre', 'strange']);
    const all = texts.map((_, i) => i);
    // bizarre: marked 2 of 3, 2 / (3 + 2) = 0.4; strange: marked once, below the two marks a shown word needs.
    expect([...markedStems(words, display, all, listed, 0.4)]).toEqual(['bizarre']);
    expect([...markedStems(words, display, all, listed, 0.41)]).toEqual([]);
    expect([...markedStems(words, display, all, new Set(['strange']), 0.1)]).toEqual([]);
    expect(displayCounts(display, all, new Set(['bizarre']))).toEqual({ tp: 2, fp: 1, fn: 1 });
    expect(displayCounts(display, all, new Set())).toEqual({ tp: 0, fp: 0, fn: 3 });
  });

  it('never offers names or reporting verbs for display', () => {
    const row = displayRow('Officials disputed what Bizarre Corp said about the bizarre deal.', new Set(['corp']), new Set());
    expect(row.candidates.map((c) => c.surface)).not.toContain('disputed');
    expect(row.candidates.map((c) => c.surface)).not.toContain('said');
    // "Bizarre" and "Corp" inside the sentence are a name.
    expect(row.candidates.map((c) => c.surface)).not.toContain('corp');
    expect(row.candidates.filter((c) => c.stem === 'bizarre')).toHaveLength(1);
  });
});
