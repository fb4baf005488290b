import { describe, expect, it } from 'vitest';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageInfoOf, pageLabel, rangeLabel, totalLabel } from './pagination.ts';

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

describe('a list the server counted only up to a cap', () => {
  const capped = { pageSize: 20, total: 10_000, totalCapped: true } as const;

  it('says there are more than it counted, in every label', () => {
    expect(totalLabel(10_000, true)).toBe('10,000+');
    expect(totalLabel(57)).toBe('57');
    expect(pageLabel({ ...capped, page: 3 }, 20)).toBe('Page 3 of 500+');
    expect(rangeLabel({ ...capped, page: 3 }, 20)).toBe('41–60 of 10,000+');
    expect(pageLabel({ ...capped, page: 501 }, 20)).toBe('Page 501 of 501+');
    expect(rangeLabel({ ...capped, page: 501 }, 20)).toBe('10,001–10,020 of 10,020+');
  });

  it('goes on while pages are full, and knows the end at the first page that is not', () => {
    expect(hasNextPage({ ...capped, page: 500 }, 20)).toBe(true);
    expect(hasNextPage({ ...capped, page: 503 }, 7)).toBe(false);
    expect(pageLabel({ ...capped, page: 503 }, 7)).toBe('Page 503 of 503');
    expect(rangeLabel({ ...capped, page: 503 }, 7)).toBe('10,041–10,047 of 10,047');
    expect(rangeLabel({ ...capped, page: 504 }, 0)).toBe('0 of 10,000+');
  });

  it('reads the cap from the answer, and leaves other lists as they were', () => {
    expect(pageInfoOf({ total: 10_000, total_capped: true }, 2, 20)).toEqual({ page: 2, pageSize: 20, total: 10_000, totalCapped: true });
    expect(pageInfoOf({ total: 57, total_capped: false }, 2, 20)).toEqual({ page: 2, pageSize: 20, total: 57 });
    expect(hasNextPage({ page: 3, pageSize: 20, total: 57 }, 17)).toBe(false);
    expect(pageLabel({ page: 2, pageSize: 20, total: 57 }, 20)).toBe('Page 2 of 3');
  });
});
