/**
 * Opinion words shown once a text is scored (tagged.ts, issue 31 item 3). Sentences written by us.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDetailed } from './index.ts';
import { loadedKind } from './word-lists.ts';
import { scoreFeatures, weights, wordingRaised } from './score.ts';
import { TAGGER_FEATURES, taggedTokens, taggerInputs, tagProbability, type TaggerWeights } from './tagged.ts';
import { tokenize, wordAt } from './tokenize.ts';

const zero = Object.fromEntries(TAGGER_FEATURES.map((f) => [f, 0])) as TaggerWeights['weights'];

describe('tagged opinion words', () => {
  it('reads the lists, the words-model weight and the vector mark of a word', () => {
    const x = taggerInputs('dangerous', 0.8, 0.5, -1.5);
    const at = (name: (typeof TAGGER_FEATURES)[number]) => x[TAGGER_FEATURES.indexOf(name)];
    expect(at('negative')).toBe(1);
    expect(at('p')).toBe(0.8);
    expect(at('negativeP')).toBe(0.8);
    expect(at('word')).toBe(0.5);
    expect(at('wordP')).toBeCloseTo(0.4, 12);
    expect(at('mark')).toBe(-1.5);
    expect(at('markP')).toBeCloseTo(-1.2, 12);
    expect(taggerInputs('table', 0.8, 0).slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows a word at or above the probability threshold, and with onlyBiased only in a text scored Biased', () => {
    const tokens = tokenize('A dangerous and reckless plan.');
    const opinion = [1, 3];
    const t: TaggerWeights = { intercept: 0, weights: { ...zero, negative: 2 }, threshold: 0.8, onlyBiased: true };
    // Both words are negative: p = 1 / (1 + e^-2) = 0.88.
    expect(tagProbability(taggerInputs('dangerous', 0, 0), t)).toBeCloseTo(0.8808, 4);
    expect(taggedTokens(tokens, opinion, 0, 60, 50, t)).toEqual([1, 3]);
    expect(taggedTokens(tokens, opinion, 0, 49, 50, t)).toEqual([]);
    expect(taggedTokens(tokens, opinion, 0, 49, 50, { ...t, onlyBiased: false })).toEqual([1, 3]);
    expect(taggedTokens(tokens, opinion, 0, 60, 50, { ...t, threshold: 0.9 })).toEqual([]);
    expect(taggedTokens(tokens, opinion, 0, 60, 50, undefined)).toEqual([]);
  });

  it('decides as tagProbability does, word by word, for the shipped tagger', () => {
    const tokens = tokenize('A reckless, shameful and dangerous plan, a brilliant liberal idea, a cold and dark night.');
    const all = Array.from({ length: tokens.count }, (_, i) => i);
    for (const p of [0.1, 0.5, 0.62, 0.82, 0.95, 1]) {
      const expected = all.filter((i) => tagProbability(taggerInputs(tokens.norm[i]!, p), weights.tagger!) >= weights.tagger!.threshold);
      expect(taggedTokens(tokens, all, p, 99, 50, weights.tagger)).toEqual(expected);
    }
  });

  it('reads a long article full of terms as it reads its most loaded sentence: repeating it shows no more words', () => {
    // The score's z grows with the log of the term count; read as z, 300 copies of this paragraph showed
    // "during", "man" and "neighborhood", and 1,000 copies "a" and "officials" (the score as p cannot grow past 1).
    const paragraph = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood. ' +
      'The mayor described the protesters as thugs, while residents said the police response was a disgrace.\n\n';
    const shown = (copies: number) => analyzeDetailed(paragraph.repeat(copies)).result.detected_terms.map((t) => t.term).sort();
    const few = shown(5);
    expect(shown(300)).toEqual(few);
    expect(shown(1000)).toEqual(few);
    expect(few).not.toContain('during');
  });

  it('never moves the score, and shows only opinion or vector words that are not otherwise loaded language', () => {
    const texts = [
      'The reckless mayor pushed a disastrous, shameful plan that critics call a dangerous gamble.',
      'Radical activists staged an absurd stunt, a pathetic display of extremist arrogance.',
      'The council approved the budget on Monday after a short debate.',
      'Leftist zealots want to destroy the economy with their insane, radical agenda.',
    ];
    let shown = 0;
    for (const text of texts) {
      const d = analyzeDetailed(text);
      shown += d.tagged.length;
      // The score is the formula's (score.ts), whatever is tagged after it.
      const s = scoreFeatures(d.features, true).score;
      expect(d.result.score).toBe(s >= weights.threshold && !wordingRaised(d.features) ? weights.threshold - 1 : s);
      for (const i of d.tagged) {
        expect([...d.counts.opinionTokens, ...d.counts.vectorTokens]).toContain(i);
        expect(loadedKind(d.tokens.norm[i]!)).toBeNull();
        const term = d.result.detected_terms.find((t) => t.term === wordAt(d.tokens, i));
        expect(term?.category).toBe('loaded-language');
      }
    }
    // Not vacuous: the loaded sentences have tagged words ("extremist", "destroy" with today's fit).
    expect(shown).toBeGreaterThan(0);
    // The plain budget story: nothing shown.
    expect(analyzeDetailed(texts[2]!).tagged).toEqual([]);
  });

  it('ships a fitted tagger whose threshold is a probability', () => {
    expect(weights.tagger).toBeDefined();
    expect(weights.tagger!.threshold).toBeGreaterThan(0);
    expect(weights.tagger!.threshold).toBeLessThan(1);
    for (const f of TAGGER_FEATURES) expect(Number.isFinite(weights.tagger!.weights[f])).toBe(true);
  });
});
