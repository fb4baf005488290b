import { ARTICLE_MAX_CHARS } from '@keisha/contracts/decoder';
import { describe, expect, it } from 'vitest';
import { ARTICLE_TOO_LONG_MESSAGE, INVALID_ARTICLE_MESSAGE } from './analysis-error.ts';
import { validateArticle } from './validate-article.ts';

describe('validateArticle', () => {
  it.each(['', ' ', '\n\t  \n', '\u00a0\u2003', '\u200b\u200b\u200b', '...', '\u{1F642}', '\u202e', '\u2800\u2800'])('refuses blank text %j', (text) => {
    expect(validateArticle(text)).toBe('Please paste an article text to analyze.');
  });

  it('accepts text with at least one visible character', () => {
    expect(validateArticle('x')).toBeNull();
    expect(validateArticle('  Officials said the neighbourhood was "changing".  ')).toBeNull();
  });

  it('refuses an article longer than the service accepts, and accepts one at the limit', () => {
    expect(validateArticle('a'.repeat(ARTICLE_MAX_CHARS))).toBeNull();
    expect(validateArticle('a'.repeat(ARTICLE_MAX_CHARS + 1))).toBe(ARTICLE_TOO_LONG_MESSAGE);
  });

  it('refuses binary content (NUL characters)', () => {
    expect(validateArticle('PK\u0003\u0004\u0000\u0000 data')).toBe(INVALID_ARTICLE_MESSAGE);
  });
});
