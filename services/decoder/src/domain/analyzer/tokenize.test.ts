import { describe, expect, it } from 'vitest';
import { readsAsName, SENTENCE_CAPITALISED, SENTENCE_QUOTE, tokenize, UPPER } from './tokenize.ts';

describe('tokenize', () => {
  it('keeps UTF-16 offsets into the original text', () => {
    const text = 'Café “owners” said — 😀 the inner-city plan';
    const t = tokenize(text);
    for (let i = 0; i < t.count; i++) expect(text.slice(t.start[i], t.end[i]).toLowerCase().replace(/['’]/g, '')).toBe(t.norm[i]);
    expect(t.norm).toEqual(['café', 'owners', 'said', 'the', 'inner', 'city', 'plan']);
  });

  it('reads compatibility letters as the letters they stand for, with offsets into the text as written', () => {
    const text = 'The ＴＨＵＧＳ and the 𝐭𝐡𝐮𝐠𝐬 met in a café';
    const t = tokenize(text);
    expect(t.norm).toEqual(['the', 'thugs', 'and', 'the', 'thugs', 'met', 'in', 'a', 'café']);
    expect(text.slice(t.start[4], t.end[4])).toBe('𝐭𝐡𝐮𝐠𝐬');
  });

  it('keeps inner apostrophes and drops them from the key', () => {
    expect(tokenize("States' rights and the state’s case, don't").norm).toEqual(['states', 'rights', 'and', 'the', 'states', 'case', 'dont']);
  });

  it('reads & as "and"', () => {
    expect(tokenize('Law & Order').norm).toEqual(['law', 'and', 'order']);
  });

  it('splits sentences but not after abbreviations or initials', () => {
    const t = tokenize('Mr. Smith met Sen. Jones in the U.S. yesterday. Then they left!\nNew line "quoted"');
    expect(t.sentenceStart.length).toBe(3);
    expect(t.sentenceFlags[2]! & SENTENCE_QUOTE).toBeTruthy();
  });

  it('marks sentences written in capitals, where a capital does not make a name', () => {
    const t = tokenize('Senate Passes Sweeping Reform of the Tax Code. Senator Maria Lopez said the vote was close. A TOTAL DISGRACE!');
    expect(t.sentenceStart.map((_, s) => (t.sentenceFlags[s]! & SENTENCE_CAPITALISED) !== 0)).toEqual([true, false, true]);
    const at = (word: string) => t.norm.indexOf(word);
    expect(readsAsName(t, at('sweeping'))).toBe(false);
    expect(readsAsName(t, at('maria'))).toBe(true);
    expect(readsAsName(t, at('senator'))).toBe(false);
    expect(readsAsName(t, at('total'))).toBe(false);
    // Too few longer words to tell a headline: "Ann Lee" stays a name.
    const short = tokenize('Ask Ann Lee.');
    expect(short.sentenceFlags[0]! & SENTENCE_CAPITALISED).toBe(0);
    expect(readsAsName(short, 1)).toBe(true);
  });

  it('marks acronyms', () => {
    const t = tokenize('CRT and Crt');
    expect(t.shape[0]! & UPPER).toBeTruthy();
    expect(t.shape[2]! & UPPER).toBeFalsy();
  });

  it('gives every per-token array one entry per token, however dense or sparse the text', () => {
    for (const text of ['a&b&c&d&e', 'x', '', '      \n\n   ', 'word '.repeat(2000)]) {
      const t = tokenize(text);
      for (const list of [t.start, t.end, t.norm, t.stem, t.shape, t.sentence, t.paragraph]) expect(list).toHaveLength(t.count);
    }
    expect(tokenize('a&b&c').norm).toEqual(['a', 'and', 'b', 'and', 'c']);
  });

  it('numbers paragraphs at blank lines', () => {
    expect(tokenize('one two.\nthree\n\nfour').paragraph).toEqual([0, 0, 0, 1]);
  });
});
