import { describe, expect, it } from 'vitest';
import { countWords, wordCountLabel } from './article-stats.ts';

describe('countWords', () => {
  it('is 0 for empty or blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });

  it('counts runs of non-space characters, whatever separates them', () => {
    expect(countWords('one')).toBe(1);
    expect(countWords('  The  council\nvoted\t"no".  ')).toBe(4);
    expect(countWords('inner-city\u00a0youth')).toBe(2);
  });
});

describe('wordCountLabel', () => {
  it('uses the singular for one word and groups thousands', () => {
    expect(wordCountLabel(0)).toBe('0 words');
    expect(wordCountLabel(1)).toBe('1 word');
    expect(wordCountLabel(1234)).toBe('1,234 words');
  });
});
