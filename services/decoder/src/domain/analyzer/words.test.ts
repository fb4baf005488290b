import { describe, expect, it } from 'vitest';
import { featureVector, framingCounts } from './framing.ts';
import { tokenize } from './tokenize.ts';
import { loadedKind } from './word-lists.ts';
import { analyzeArticle } from './index.ts';
import { compileWordWeights, formsOf, markedForms, shownForms, stemOf, wordWeights, wordWeightSum } from './words.ts';

describe('stemOf', () => {
  it('strips one inflectional suffix', () => {
    expect(stemOf('claiming')).toBe('claim');
    expect(stemOf('claimed')).toBe('claim');
    expect(stemOf('claims')).toBe('claim');
    expect(stemOf('bitterly')).toBe('bitter');
    expect(stemOf('slammed')).toBe('slamm');
  });

  it('leaves short words and -ss words alone', () => {
    expect(stemOf('sing')).toBe('sing');
    expect(stemOf('bed')).toBe('bed');
    expect(stemOf('is')).toBe('is');
    expect(stemOf('press')).toBe('press');
    expect(stemOf('claim')).toBe('claim');
  });
});

describe('formsOf', () => {
  it('spells out exactly the words that strip to a stem', () => {
    const words = ['claim', 'claims', 'claimed', 'claiming', 'bitterly', 'press', 'presses', 'mob', 'mobs', 'bias', 'biased', 'news', 'thing', 'things', 'sing'];
    for (const word of words) expect(formsOf(stemOf(word))).toContain(word);
    for (const stem of ['claim', 'bia', 'slamm', 'mob', 'press']) for (const form of formsOf(stem)) expect(stemOf(form)).toBe(stem);
  });

  it('leaves out the stem itself when it is not its own stem', () => {
    // "biased" strips to "bias", but "bias" itself strips to "bia"; "press" keeps its -ss.
    expect(formsOf('bias')).toEqual(['biasing', 'biased', 'biasly']);
    expect(formsOf('bia')).toContain('bias');
    expect(formsOf('pres')).not.toContain('press');
  });
});

describe('word weights', () => {
  const table = compileWordWeights({ weights: { claim: 0.5, mob: 0.25 } });

  it('gives every form of a stem its weight', () => {
    expect(table.get('claimed')).toBe(0.5);
    expect(table.get('claiming')).toBe(0.5);
    expect(table.get('mobs')).toBe(0.25);
    expect(table.get('said')).toBeUndefined();
  });

  it('sums the weights of the words', () => {
    expect(wordWeightSum(['the', 'mob', 'claimed', 'mobs'], table)).toBeCloseTo(1);
    expect(wordWeightSum([], table)).toBe(0);
  });

  it('enters the score as the shipped weights per sentence', () => {
    const text = 'The mob claimed victory. Officials said on Tuesday that the count was slow.';
    const tokens = tokenize(text);
    const counts = framingCounts(tokens, new Uint8Array(tokens.count));
    const features = featureVector(counts, { codewords: 0, otherTerms: 0 });
    expect(features.wordEvidence).toBeCloseTo(wordWeightSum(tokens.norm, wordWeights) / 2, 10);
  });
});

describe('marked words', () => {
  it('spells out the shown stems', () => {
    expect([...shownForms({ weights: {}, shown: ['bizarre', 'blatant'] })].sort()).toEqual(['bizarre', 'bizarreed', 'bizarreing', 'bizarrely', 'bizarres', 'blatant', 'blatanted', 'blatanting', 'blatantly', 'blatants']);
    expect(shownForms({ weights: {} }).size).toBe(0);
  });

  it('ship none: words with a common literal sense are not flagged in neutral news, and reporting verbs never are', () => {
    // fit-weights.ts leaves the list empty unless asked (--show-marked): the fitted list flagged these.
    expect(markedForms.size).toBe(0);
    const result = analyzeArticle('A winter storm left a baby in the cold, and fans were happy the game went on. Officials said two people were dead.');
    expect(result.detected_terms.map((t) => t.term)).toEqual([]);
    for (const word of ['storm', 'baby', 'cold', 'happy', 'dead', 'said', 'disputed', 'denied', 'according']) expect(loadedKind(word)).not.toBe('marked');
  });
});
