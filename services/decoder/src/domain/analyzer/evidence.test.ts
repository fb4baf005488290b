/**
 * The result says what moved its score (issue 31, item 2). Sentences written by us.
 */
import { describe, expect, it } from 'vitest';
import { analyzeArticle } from './index.ts';
import { reference, scoreFeatures, type Weights } from './score.ts';

describe('evidence: what moved the score', () => {
  it('starts from the typical sentence and lists at most five features, largest first', () => {
    const r = analyzeArticle('Radical leftists slammed the so-called reform as a disgraceful power grab.');
    expect(r.evidence[0]!.kind).toBe('baseline');
    const moved = r.evidence.slice(1);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length).toBeLessThanOrEqual(5);
    const sizes = moved.map((e) => Math.abs(e.effect));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(moved.some((e) => e.kind === 'framing' && e.label.includes('“slammed”') && e.effect > 0)).toBe(true);
  });

  it('names the coded term that raised the score', () => {
    const r = analyzeArticle('The candidate promised law and order in the suburbs.');
    const term = r.evidence.find((e) => e.kind === 'term')!;
    expect(term.label).toBe('Coded term “law and order”');
    expect(term.effect).toBeGreaterThan(0);
  });

  it('says what moved a score with no flagged term', () => {
    const r = analyzeArticle('Snow is expected in Denver on Friday.');
    expect(r.detected_terms).toEqual([]);
    expect(r.evidence.length).toBeGreaterThan(1);
    // A weather line: its plain words and the missing loaded words bring it below the typical sentence.
    expect(r.evidence.find((e) => e.label.startsWith('Words close in meaning to those of neutral news sentences'))!.effect).toBeLessThan(0);
    expect(r.evidence.find((e) => e.label === 'No loaded words')!.effect).toBeLessThan(0);
    expect(r.score).toBeLessThan(r.evidence[0]!.effect);
  });

  it('names the text\'s own hyphenated labels, and counts no tally or name with a figure as one', () => {
    const labelled = analyzeArticle('The far-left mayor pushed a so-called reform through the far-left council.');
    expect(labelled.evidence.find((e) => e.label.startsWith('Hyphenated labels'))?.label).toBe('Hyphenated labels: “far-left”, “so-called”');
    const figures = 'The council approved the COVID-19 relief budget in a 5-2 vote on Tuesday, for the 2021-22 year.';
    expect(analyzeArticle(figures).signals?.features.hyphenRate).toBe(0);
    expect(analyzeArticle(figures).evidence.some((e) => e.label.startsWith('Hyphenated labels'))).toBe(false);
  });

  it('names the words whose meaning raised a score', () => {
    const r = analyzeArticle('The senator made a disgraceful, shameful speech.');
    const lean = r.evidence.find((e) => e.label.startsWith('Words close in meaning to those of biased news sentences'))!;
    expect(lean.effect).toBeGreaterThan(0);
    expect(lean.label).toMatch(/“(disgraceful|shameful)”/);
  });

  it('does not extend the length trend past the shortest sentences it was fitted on', () => {
    // Clamped to the fit half's range, a five-word line and an eight-word one read as equally short.
    const shape: Weights = { intercept: 0, weights: { logTokensPerSentence: 1 }, threshold: 50 };
    const at = (words: number) => scoreFeatures({ logTokensPerSentence: Math.log(words) }, true, shape).z;
    expect(at(5)).toBeCloseTo(at(8), 10);
    expect(at(5)).toBeCloseTo(reference.ranges.logTokensPerSentence![0], 10);
    expect(at(30)).toBeGreaterThan(at(8));
  });

  it('never calls a text biased for its shape alone', () => {
    // Short, no source, no figure, and nothing in its wording: below the threshold, whatever the length trend says.
    const r = analyzeArticle('Snow is expected on Friday.');
    expect(r.score).toBeLessThan(r.threshold);
    expect(analyzeArticle('Radical leftists slammed the reform.').score).toBeGreaterThanOrEqual(r.threshold);
  });

  it('gives no evidence for a text without words', () => {
    expect(analyzeArticle('  ...  ').evidence).toEqual([]);
  });
});
