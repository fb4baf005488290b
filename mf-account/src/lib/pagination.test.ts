import { describe, expect, it } from 'vitest';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageLabel, rangeLabel } from './pagination.ts';

describe('pageCount', () => {
  it('rounds up, and an empty list has one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(57, 20)).toBe(3);
  });

  it('survives nonsense from a server', () => {
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(Number.NaN, 20)).toBe(1);
    expect(pageCount(-4, 20)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps a page between 1 and the last', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(9, 3)).toBe(3);
    expect(clampPage(2.7, 3)).toBe(2);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('previous and next', () => {
  it('knows the first and the last page', () => {
    expect(hasPreviousPage({ page: 1, pageSize: 20, total: 57 })).toBe(false);
    expect(hasPreviousPage({ page: 2, pageSize: 20, total: 57 })).toBe(true);
    expect(hasNextPage({ page: 2, pageSize: 20, total: 57 })).toBe(true);
    expect(hasNextPage({ page: 3, pageSize: 20, total: 57 })).toBe(false);
    expect(hasNextPage({ page: 1, pageSize: 20, total: 0 })).toBe(false);
  });
});

describe('labels', () => {
  it("reads 'Page n of m'", () => {
    expect(pageLabel({ page: 2, pageSize: 20, total: 57 })).toBe('Page 2 of 3');
    expect(pageLabel({ page: 1, pageSize: 20, total: 0 })).toBe('Page 1 of 1');
    expect(pageLabel({ page: 7, pageSize: 20, total: 57 })).toBe('Page 3 of 3');
  });

  it('names the rows on the page', () => {
    expect(rangeLabel({ page: 1, pageSize: 20, total: 57 }, 20)).toBe('1–20 of 57');
    expect(rangeLabel({ page: 3, pageSize: 20, total: 57 }, 17)).toBe('41–57 of 57');
    expect(rangeLabel({ page: 1, pageSize: 20, total: 0 }, 0)).toBe('0 of 0');
  });
});
