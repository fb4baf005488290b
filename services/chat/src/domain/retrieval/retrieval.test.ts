import { describe, expect, it } from 'vitest';
import { BM25Index } from './bm25.ts';
import { nameWords } from './names.ts';
import { stem, terms, words } from './text.ts';

describe('terms', () => {
  it('lower-cases, removes accents and stop words, and stems related forms together', () => {
    expect(words('Café RACISM, don’t')).toEqual(['cafe', 'racism', "don't"]);
    expect(terms('What is white supremacy?')).toEqual(['whit', 'supremac']);
    for (const group of [
      ['racism', 'racist', 'racial', 'race', 'races'],
      ['bias', 'biases', 'biased'],
      ['algorithm', 'algorithms', 'algorithmic'],
      ['discrimination', 'discriminatory', 'discriminate'],
      ['predictive', 'prediction', 'predicts'],
      ['supremacy', 'supremacist'],
      ['hire', 'hiring', 'hired'],
      ['enterprise', 'enterprises'],
      ['recognise', 'recognition', 'recognized'],
      ['face', 'faces', 'facial'],
      ['discriminate', 'discriminated', 'discrimination', 'discriminating'],
      ['recognize', 'recognizing', 'recognising'],
      ['accurate', 'accuracy', 'accurately'],
      ['politics', 'politicians'],
    ]) {
      expect(new Set(group.map(stem)).size, group.join(', ')).toBe(1);
    }
    expect(terms("Why doesn't it work? Explain in detail")).toEqual(['work']);
    expect(stem('news')).toBe('news');
    expect(stem('class')).not.toBe(stem('cla'));
  });
});

describe('names', () => {
  const library = [
    'The psychiatrist Frances Cress Welsing wrote The Isis Papers. Detroit police arrested him.',
    'Racism is a system. In Detroit, the system of racism was studied by Black scholars; many black-and-white photos.',
  ];
  const names = nameWords(library);

  it('are words written with a capital inside a sentence and never in lower case', () => {
    expect([...names].sort()).toEqual(['cress', 'isis', 'papers', 'welsing', 'frances', 'detroit'].sort());
    // "Racism" and "In" open sentences; "Black" is also written "black".
    expect(names.has('racism')).toBe(false);
    expect(names.has('black')).toBe(false);
  });

  it('are kept whole by terms(), so that France does not meet Frances', () => {
    expect(stem('france')).toBe(stem('frances'));
    expect(terms('Frances Cress Welsing', names)).toEqual(['frances', 'cress', 'welsing']);
    expect(terms('the capital of France', names)).not.toContain('frances');
    const index = new BM25Index(library, (text) => [{ text, weight: 1 }], undefined, (text) => terms(text, names));
    expect(index.search('What is the capital of France?')).toEqual([]);
    expect(index.search('Who was Frances Cress Welsing?')[0]!.item).toBe(library[0]);
  });
});

describe('BM25Index', () => {
  const docs = [
    { id: 'common', text: 'policy policy policy data' },
    { id: 'rare', text: 'policy redlining' },
    { id: 'policy-short', text: 'policy matters' },
    { id: 'policy-long', text: `policy ${'filler '.repeat(60)}` },
    { id: 'none', text: 'something else entirely' },
  ];
  const index = new BM25Index(docs, (d) => [{ text: d.text, weight: 1 }]);

  it('ranks a rare term above a common one, and a short document above a long one', () => {
    const hits = index.search('policy redlining');
    expect(hits[0]!.item.id).toBe('rare');
    expect(hits[0]!.coverage).toBe(1);
    expect(hits.find((h) => h.item.id === 'common')!.coverage).toBeLessThan(0.5);
    const policy = index.search('policy').map((h) => h.item.id);
    expect(policy.indexOf('policy-short')).toBeLessThan(policy.indexOf('policy-long'));
    expect(policy).not.toContain('none');
  });
  it('returns nothing for words it does not know or a query of stop words, and keeps ties in order', () => {
    expect(index.search('chocolate cake')).toEqual([]);
    expect(index.search('what is the')).toEqual([]);
    const tied = new BM25Index(['same words', 'same words'], (t) => [{ text: t, weight: 1 }]);
    expect(tied.search('words').map((h) => h.score)).toEqual([tied.search('words')[0]!.score, tied.search('words')[0]!.score]);
    expect(tied.search('words')[0]!.item).toBe('same words');
  });
  it('weights fields', () => {
    const weighted = new BM25Index(
      [
        { title: 'x', body: 'target' },
        { title: 'target', body: 'x' },
      ],
      (d) => [
        { text: d.title, weight: 3 },
        { text: d.body, weight: 1 },
      ],
    );
    expect(weighted.search('target')[0]!.item.title).toBe('target');
  });
  it('weights the parts of a query: a plain query is one part of weight 1, a lighter part counts in proportion', () => {
    expect(index.search([{ text: 'policy redlining', weight: 1 }])).toEqual(index.search('policy redlining'));
    const alone = index.search('data')[0]!;
    const withLighterPart = index.search([
      { text: 'data', weight: 1 },
      { text: 'redlining', weight: 0.5 },
    ]);
    // "common" keeps its score for "data"; "rare" gets half of what "redlining" alone would give it.
    expect(withLighterPart.find((h) => h.item.id === 'common')!.score).toBeCloseTo(alone.score, 10);
    expect(withLighterPart.find((h) => h.item.id === 'rare')!.score).toBeCloseTo(index.search('redlining')[0]!.score / 2, 10);
    // Coverage is the matched share of the query's weighted idf: "rare" has "redlining" but not "data".
    const rare = withLighterPart.find((h) => h.item.id === 'rare')!;
    expect(rare.coverage).toBeCloseTo((0.5 * index.idf('redlin')) / (index.idf('data') + 0.5 * index.idf('redlin')), 10);
    // A term in two parts counts once, at its larger weight.
    expect(index.search([{ text: 'redlining', weight: 0.5 }, { text: 'redlining', weight: 1 }])).toEqual(index.search('redlining'));
  });
});
