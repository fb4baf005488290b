import { describe, expect, it } from 'vitest';
import { validateArticle } from './validate-article.ts';

describe('validateArticle', () => {
  it.each(['', ' ', '\n\t  \n', '\u00a0\u2003'])('refuses blank text %j', (text) => {
    expect(validateArticle(text)).toBe('Please paste an article text to analyze.');
  });

  it('accepts text with at least one visible character', () => {
    expect(validateArticle('x')).toBeNull();
    expect(validateArticle('  Officials said the neighbourhood was "changing".  ')).toBeNull();
  });
});
