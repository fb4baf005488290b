import { describe, expect, it } from 'vitest';
import { categoryCounts, categoryCountsLine, categoryLabel, repeatBadge, safeExternalUrl, summaryParagraphs } from './findings.ts';

describe('categoryLabel', () => {
  it("names the engine's categories and spells out unknown ones", () => {
    expect(categoryLabel('coded-racial')).toBe('Coded racial language');
    expect(categoryLabel('agency-hiding')).toBe('Agency-hiding');
    expect(categoryLabel('Loaded-Language')).toBe('Loaded language');
    expect(categoryLabel('framing_signal')).toBe('Framing signal');
    expect(categoryLabel('  ')).toBe('Other');
  });
});

describe('categoryCounts', () => {
  it('adds up occurrences per category, most first', () => {
    const terms = [
      { category: 'agency-hiding', count: 1 },
      { category: 'coded-racial', count: 1 },
      { category: 'coded-racial', count: 1 },
      { category: 'euphemism', count: 0 },
    ];
    expect(categoryCounts(terms)).toEqual([
      { label: 'Coded racial language', count: 2 },
      { label: 'Agency-hiding', count: 1 },
      { label: 'Euphemism', count: 1 },
    ]);
    expect(categoryCountsLine(terms.slice(0, 3))).toBe('Coded racial language 2 · Agency-hiding 1');
    expect(categoryCountsLine([])).toBe('');
  });

  it('counts every occurrence of a repeated term', () => {
    expect(categoryCountsLine([{ category: 'loaded-language', count: 3 }])).toBe('Loaded language 3');
  });
});

describe('summaryParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(summaryParagraphs('First.\nStill first.\n\nSecond.\r\n  \r\nThird.\n\n\n')).toEqual([
      'First.\nStill first.',
      'Second.',
      'Third.',
    ]);
    expect(summaryParagraphs('   ')).toEqual([]);
  });
});

describe('safeExternalUrl', () => {
  it.each([
    ['https://example.org/a b', 'https://example.org/a%20b'],
    ['http://example.org', 'http://example.org/'],
  ])('keeps the web address %j as %j', (url, kept) => {
    expect(safeExternalUrl(url)).toBe(kept);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', '/relative', ''])('refuses anything else: %j', (url) => {
    expect(safeExternalUrl(url)).toBeNull();
  });
});

describe('repeatBadge', () => {
  it('marks only repeated terms', () => {
    expect(repeatBadge(1)).toBeNull();
    expect(repeatBadge(0)).toBeNull();
    expect(repeatBadge(3)).toBe('×3');
  });
});
