/**
 * The word-vector numbers (vectors.ts) as the analyzer reads them: the `vectorLean` feature, the
 * tagger's candidates, and the shipped table. Sentences written by us.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDetailed } from './index.ts';
import { FEATURES, framingCounts } from './framing.ts';
import { collectFindings, shareInWords } from './findings.ts';
import { weights } from './score.ts';
import { tokenize } from './tokenize.ts';
import { compileWordVectors, FUNCTION_WORDS, markOf, vectorOf, wordVectors, type WordVectorsFile } from './vectors.ts';

const table = compileWordVectors({ unknownMark: -3, words: { mayor: [0.5, -2], reckless: [1.5, 1], plan: [-0.5, -4], 'far-right': [2, 3] }, markOnly: { buffoonish: 2.5 } });
const counts = (text: string) => {
  const tokens = tokenize(text);
  return { tokens, counts: framingCounts(tokens, new Uint8Array(tokens.count), undefined, table) };
};

describe('word vectors in the analyzer', () => {
  it('averages the lean of the content words that have one, and leaves the others out', () => {
    const { counts: c } = counts('The mayor has a reckless plan.');
    expect(c.vectorWords).toBe(3);
    expect(FEATURES.vectorLean!(c, { codewords: 0, otherTerms: 0 })).toBeCloseTo((0.5 + 1.5 - 0.5) / 3, 10);
    // No word with a vector: 0, the lean of a text the model has no reading of.
    expect(FEATURES.vectorLean!(counts('It is what it is.').counts, { codewords: 0, otherTerms: 0 })).toBe(0);
  });

  it('offers a vector word to the tagger unless it is a name inside a sentence, a term word or a report word', () => {
    const { tokens, counts: c } = counts('Reckless, the Mayor said the plan was a plan.');
    const offered = c.vectorTokens.map((i) => tokens.norm[i]);
    // "Reckless" opens the sentence (not a name); "Mayor" inside it is capitalised (a name); "plan" twice.
    expect(offered).not.toContain('mayor');
    expect(offered.filter((w) => w === 'plan')).toHaveLength(2);
    const taken = new Uint8Array(tokens.count).fill(1);
    expect(framingCounts(tokens, taken, undefined, table).vectorTokens).toEqual([]);
  });

  it("reads a word's mark, or the fitted mean for a word without a vector", () => {
    expect(markOf('reckless', table, -3)).toBe(1);
    expect(markOf('zzzz', table, -3)).toBe(-3);
  });

  it('reads a hyphenated word by its own numbers, or by the mean of those of its parts that have numbers', () => {
    expect(vectorOf('far-right', table)).toEqual({ lean: 2, mark: 3 });
    expect(vectorOf('reckless-plan', table)).toEqual({ lean: 0.5, mark: -1.5 });
    // Function words carry no meaning of their own: "plan-of-the-mayor" is read from plan and mayor.
    expect(vectorOf('plan-of-the-mayor', table)).toEqual({ lean: 0, mark: -3 });
    // A part without numbers (a rare coinage: "anti-vaxxers") is left out; a word none of whose parts has numbers has none.
    expect(vectorOf('reckless-zzzz', table)).toEqual({ lean: 1.5, mark: 1 });
    expect(vectorOf('zzzz-qqqq', table)).toBeUndefined();
    expect(vectorOf('5-2', table)).toBeUndefined();
    // A part with a mark only gives the whole a mark only.
    expect(vectorOf('buffoonish-mayor', table)).toEqual({ lean: null, mark: 0.25 });
    expect(markOf('reckless-plan', table, -3)).toBe(-1.5);
  });

  it('gives a rare word a mark and no lean: offered to the tagger, left out of the lean', () => {
    const { tokens, counts: c } = counts('The buffoonish mayor.');
    expect(c.vectorWords).toBe(1);
    expect(c.vectorTokens.map((i) => tokens.norm[i])).toEqual(['buffoonish', 'mayor']);
  });

  it('offers a hyphenated word whole, by its first token, and none of its parts alone', () => {
    const { tokens, counts: c } = counts('A mayor-plan, a far-right plan, a zzzz-plan, a reckless-plan.');
    const offered = [...c.vectorTokens].sort((a, b) => a - b).map((i) => tokens.norm[i]);
    // "zzzz-plan" is read by "plan", its part with numbers; "reckless" is a loaded word of the lists, shown with its whole word.
    expect(offered).toEqual(['mayor', 'far', 'plan', 'zzzz']);
    // Its parts still count in the lean, one by one (the lean model reads tokens).
    expect(c.vectorWords).toBe(6);
    // A hyphenated word with a term's word in it is not offered.
    const taken = new Uint8Array(tokens.count);
    taken[tokens.norm.indexOf('plan')] = 1;
    const rest = framingCounts(tokens, taken, undefined, table).vectorTokens.map((i) => tokens.norm[i]);
    expect(rest).toEqual(['plan', 'far', 'zzzz']);
  });

  it('shows a tagged hyphenated word whole, its span over every part', () => {
    const text = 'Critics called it an anti-science stunt.';
    const tokens = tokenize(text);
    const first = tokens.norm.indexOf('anti');
    const [finding] = collectFindings(text, tokens, [], [], undefined, [first]);
    expect(finding!.term).toBe('anti-science');
    expect(text.slice(finding!.spans[0]!.start, finding!.spans[0]!.end)).toBe('anti-science');
    // Its explanation states the tagger's threshold as a share a reader can weigh.
    expect(finding!.explanation).toContain(`as biased at least ${shareInWords(weights.tagger!.threshold)}.`);
  });

  it('says the tagger threshold in words', () => {
    expect([0.25, 0.3, 0.4, 0.5, 0.35].map(shareInWords)).toEqual(['one time in four', 'three times in ten', 'two times in five', 'half the time', '35% of the time']);
  });

  it('leaves coded terms out, so that adding a codeword cannot move the lean', () => {
    const plain = analyzeDetailed('The council debated the budget for the new school.');
    const coded = analyzeDetailed('The council debated the budget for the new school in the inner city.');
    const codedWords = coded.occurrences.length;
    expect(codedWords).toBeGreaterThan(0);
    // "inner city" is a codeword: its words are not content words of the lean.
    const innerCity = coded.tokens.norm.findIndex((w) => w === 'inner');
    expect(coded.counts.vectorTokens).not.toContain(innerCity);
    expect(coded.features.vectorLean).toBeCloseTo(plain.features.vectorLean!, 10);
  });

  it('ships numbers for a vocabulary of common words, no function word, and a finite mark for unknown words', () => {
    const file = JSON.parse(readFileSync(new URL('./data/word-vectors.json', import.meta.url), 'utf8')) as WordVectorsFile;
    const words = Object.keys(file.words);
    expect(words.length).toBeGreaterThan(30_000);
    expect(words.filter((w) => FUNCTION_WORDS.has(w))).toEqual([]);
    expect(words.filter((w) => !/^[a-z][a-z'-]*[a-z]$/.test(w))).toEqual([]);
    expect(Number.isFinite(file.unknownMark)).toBe(true);
    for (const w of ['radical', 'council', 'budget', 'slammed']) expect(wordVectors.has(w)).toBe(true);
    for (const [lean, mark] of Object.values(file.words)) expect(Number.isFinite(lean) && Number.isFinite(mark)).toBe(true);
    // The rarer words carry a mark only: plain words, none of them also in the lean table.
    const markOnly = Object.entries(file.markOnly ?? {});
    expect(markOnly.length).toBeGreaterThan(30_000);
    expect(markOnly.filter(([w, g]) => FUNCTION_WORDS.has(w) || !/^[a-z][a-z'-]*[a-z]$/.test(w) || Object.hasOwn(file.words, w) || !Number.isFinite(g))).toEqual([]);
    expect(wordVectors.get('unhinged')?.lean).toBeNull();
  });
});
