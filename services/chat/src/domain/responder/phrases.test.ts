import { describe, expect, it } from 'vitest';
import { hasPhrase, intentPhrases, phraseText, quotedPhrases } from './phrases.ts';

describe('phrases', () => {
  it('finds the phrases a reader quotes, with apostrophes inside them and either kind of quotes', () => {
    expect(quotedPhrases("Is there such a thing as being 'not racist'?")).toEqual(['not racist']);
    expect(quotedPhrases('Why is saying ‘I don’t see color’ a problem?')).toEqual(["i don't see color"]);
    expect(quotedPhrases('What does “welfare queen” mean, and "inner-city"?')).toEqual(['welfare queen', 'inner city']);
    // One word is left to retrieval; an apostrophe alone is no quote.
    expect(quotedPhrases("What does 'thug' mean? It's Keisha's word")).toEqual([]);
  });

  it('keeps the keyword phrases whose sense lies partly in stop words', () => {
    expect(intentPhrases(['what can i do', 'not racist', 'racism', 'dog whistle', 'after launch'])).toEqual(['what can i do', 'not racist', 'after launch']);
  });

  it('matches whole words only, never across two fields', () => {
    const text = phraseText(['Judging policies', 'not racist', 'There is no neutral "not racist" position.']);
    expect(hasPhrase(text, 'not racist')).toBe(true);
    expect(hasPhrase(text, 'not racis')).toBe(false);
    expect(hasPhrase(text, 'policies not')).toBe(false);
    expect(hasPhrase(phraseText(['What can I do about racism?']), 'what can i do')).toBe(true);
  });
});
