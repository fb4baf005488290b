import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, hasMoreHistory, resultFromHistoryItem, termCountLabel, withHistoryPage, withoutHistoryEntry } from './history.ts';

const entry = (id: string, score = 40) => ({ id, created_at: '2030-01-01T10:00:00.000Z', title: `Article ${id}`, score, term_count: 2 });

describe('history list', () => {
  it('replaces the list with a first page and appends later ones without repeating an entry', () => {
    const first = withHistoryPage(EMPTY_HISTORY, { entries: [entry('a'), entry('b')], total: 3 }, 1);
    expect(first).toEqual({ entries: [entry('a'), entry('b')], total: 3, page: 1 });
    expect(hasMoreHistory(first)).toBe(true);
    const second = withHistoryPage(first, { entries: [entry('b'), entry('c')], total: 3 }, 2);
    expect(second.entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(hasMoreHistory(second)).toBe(false);
    expect(withHistoryPage(second, { entries: [entry('z')], total: 1 }, 1).entries.map((e) => e.id)).toEqual(['z']);
  });

  it('reads entries defensively', () => {
    const list = withHistoryPage(EMPTY_HISTORY, { entries: [{ id: 'x', title: '  ', score: 140, term_count: -2 }, { id: 5 }, null] }, 1);
    expect(list).toEqual({ entries: [{ id: 'x', created_at: '', title: 'Untitled article', score: 100, term_count: 0 }], total: 1, page: 1 });
    expect(withHistoryPage(EMPTY_HISTORY, undefined, 1)).toEqual({ entries: [], total: 0, page: 1 });
  });

  it('removes a deleted entry and counts one fewer', () => {
    const list = withHistoryPage(EMPTY_HISTORY, { entries: [entry('a'), entry('b')], total: 5 }, 1);
    expect(withoutHistoryEntry(list, 'a')).toEqual({ entries: [entry('b')], total: 4, page: 1 });
    expect(withoutHistoryEntry(list, 'missing')).toEqual(list);
  });
});

describe('resultFromHistoryItem', () => {
  it('reopens a stored analysis with its text', () => {
    const result = resultFromHistoryItem({
      success: true,
      entry: {
        ...entry('a'),
        text: 'The inner city.',
        analysis: { score: 60, analysis_summary: 'S.', detected_terms: [], engine: 'embedded', notes: [] },
        translation: { text: 'T.' },
      },
    });
    expect(result).toMatchObject({ text: 'The inner city.', score: 60, summary: 'S.', translation: 'T.' });
  });

  it('is null when the stored analysis cannot be read', () => {
    expect(resultFromHistoryItem({ entry: { text: 'x' } })).toBeNull();
    expect(resultFromHistoryItem({ entry: { analysis: {} } })).toBeNull();
    expect(resultFromHistoryItem(null)).toBeNull();
  });
});

describe('termCountLabel', () => {
  it('counts flagged terms', () => {
    expect(termCountLabel(0)).toBe('No terms flagged');
    expect(termCountLabel(1)).toBe('1 term flagged');
    expect(termCountLabel(4)).toBe('4 terms flagged');
  });
});
