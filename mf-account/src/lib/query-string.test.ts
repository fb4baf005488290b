import { describe, expect, it } from 'vitest';
import { pathWithQuery } from './query-string.ts';

describe('pathWithQuery', () => {
  it('adds the parameters in order', () => {
    expect(pathWithQuery('/api/x', { q: 'ann', page: 2, page_size: 20 })).toBe('/api/x?q=ann&page=2&page_size=20');
  });

  it('leaves out blank, null and undefined values', () => {
    expect(pathWithQuery('/api/x', { q: '  ', page: 1, extra: null, other: undefined })).toBe('/api/x?page=1');
    expect(pathWithQuery('/api/x', {})).toBe('/api/x');
  });

  it('encodes what it sends', () => {
    expect(pathWithQuery('/api/x', { q: 'a+b@example.org & co' })).toBe('/api/x?q=a%2Bb%40example.org+%26+co');
  });

  it('joins a list with commas and leaves out an empty one', () => {
    expect(pathWithQuery('/api/x', { user_ids: ['u1', 'u2'] })).toBe('/api/x?user_ids=u1%2Cu2');
    expect(pathWithQuery('/api/x', { user_ids: [] })).toBe('/api/x');
  });
});
