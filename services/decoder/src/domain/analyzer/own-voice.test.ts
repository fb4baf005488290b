/**
 * A codeword in the text's own voice keeps the score at the threshold (L20 of the reader's review; issue 31,
 * item 2, "scores follow the findings"). Sentences written by us.
 */
import { describe, expect, it } from 'vitest';
import { analyzeArticle, scoreShown } from './index.ts';

const fitted = (r: ReturnType<typeof analyzeArticle>) => Math.round(100 * r.signals.probability);

describe('the score shown', () => {
  it('raises a fitted score below the threshold when a codeword is used in the text’s own voice', () => {
    expect(scoreShown(16, 47, true, true)).toBe(47);
    expect(scoreShown(85, 47, true, true)).toBe(85);
  });

  it('keeps a text whose wording raised nothing one below the threshold, and leaves the rest as fitted', () => {
    expect(scoreShown(55, 47, false, false)).toBe(46);
    expect(scoreShown(30, 47, false, false)).toBe(30);
    expect(scoreShown(55, 47, true, false)).toBe(55);
  });
});

describe('a codeword in the text’s own voice', () => {
  const reported = 'Police said the inner-city thugs rioted again last night, police said.';

  it('is not scored neutral however neutral the words around it, and the evidence says why', () => {
    const r = analyzeArticle(reported);
    expect(r.detected_terms.filter((t) => t.is_codeword).map((t) => t.term)).toEqual(['inner-city', 'thugs']);
    expect(fitted(r)).toBeLessThan(r.threshold); // the fitted score alone reads the attribution and "police" as neutral
    expect(r.score).toBe(r.threshold);
    const rule = r.evidence.at(-1)!;
    expect(rule).toEqual({
      kind: 'term',
      label: `Coded terms in the text's own words, not in a quotation (“inner-city”, “thugs”): the score is raised to the Biased threshold (${r.threshold})`,
      effect: r.threshold - fitted(r),
    });
  });

  it('quotes each term once (case aside), as first written, and names at most three', () => {
    const r = analyzeArticle('Officials said the Thugs met other thugs, illegals and welfare queens downtown, officials said, and police said so.');
    const rule = r.evidence.at(-1)!;
    if (r.score === fitted(r)) throw new Error(`expected the rule to set the score, fitted ${fitted(r)}`);
    expect(rule.label).toMatch(/^Coded terms in the text's own words, not in a quotation \(“Thugs”, “illegals”, “welfare queens”\)/);
  });

  it('leaves a score the fit already put at or above the threshold as it is, with no rule in the evidence', () => {
    const r = analyzeArticle('The inner-city thugs rioted again last night.');
    expect(r.score).toBe(fitted(r));
    expect(r.score).toBeGreaterThanOrEqual(r.threshold);
    expect(r.evidence.some((e) => e.label.includes('raised to the Biased threshold'))).toBe(false);
  });

  it('does not apply to a codeword inside a quotation, which may be the outlet reporting what someone said', () => {
    const r = analyzeArticle('He said: "The inner-city thugs rioted again last night."');
    expect(r.detected_terms.some((t) => t.is_codeword)).toBe(true);
    expect(r.score).toBe(fitted(r));
    expect(r.score).toBeLessThan(r.threshold);
    expect(r.evidence.some((e) => e.label.includes('raised to the Biased threshold'))).toBe(false);
  });
});
