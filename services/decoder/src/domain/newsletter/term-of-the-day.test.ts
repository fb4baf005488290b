import { describe, expect, it } from 'vitest';
import { lexicon } from '../analyzer/lexicon.ts';
import { termOfTheDay } from './term-of-the-day.ts';

describe('termOfTheDay', () => {
  it('picks a coded term with an explanation, the same for a given day', () => {
    const term = termOfTheDay(lexicon.entries, '2026-11-27');
    expect(term.is_codeword).toBe(true);
    expect(term.explanation.length).toBeGreaterThan(0);
    expect(termOfTheDay(lexicon.entries, '2026-11-27')).toBe(term);
  });

  it('walks every coded term once before repeating one', () => {
    const coded = lexicon.entries.filter((entry) => entry.is_codeword && entry.explanation.trim().length > 0);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const seen = new Set<string>();
    for (let i = 0; i < coded.length; i += 1) seen.add(termOfTheDay(lexicon.entries, new Date(start + i * 86_400_000).toISOString().slice(0, 10)).id);
    expect(seen.size).toBe(coded.length);
    const next = (i: number) => termOfTheDay(lexicon.entries, new Date(start + i * 86_400_000).toISOString().slice(0, 10)).id;
    expect(next(0)).not.toBe(next(1));
  });
});
