import { describe, expect, it } from 'vitest';
import { segmentText, type TextSegment } from './segments.ts';

const term = (...spans: Array<[number, number]>) => ({ spans: spans.map(([start, end]) => ({ start, end })) });
const shown = (segments: TextSegment[]) => segments.map((s) => (s.term === null ? s.text : `[${s.term}:${s.text}]`)).join('');

describe('segmentText', () => {
  it('returns the whole text as one plain run when nothing was detected', () => {
    expect(segmentText('Nothing here.', [])).toEqual([{ text: 'Nothing here.', term: null }]);
    expect(segmentText('', [])).toEqual([]);
  });

  it('highlights every occurrence in place, in text order, whatever order the spans came in', () => {
    const text = 'The inner city and the inner city again; thugs.';
    const segments = segmentText(text, [term([23, 33], [4, 14]), term([41, 46])]);
    expect(shown(segments)).toBe('The [0:inner city] and the [0:inner city] again; [1:thugs].');
    expect(segments.filter((s) => s.term !== null).map((s) => (s.term === null ? -1 : s.occurrence))).toEqual([0, 1, 0]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('shows each character once when spans overlap: the earlier one wins, then the longer', () => {
    const text = 'law and order restored';
    expect(shown(segmentText(text, [term([0, 13]), term([4, 13])]))).toBe('[0:law and order] restored');
    expect(shown(segmentText(text, [term([0, 3]), term([0, 13])]))).toBe('[1:law and order] restored');
    expect(shown(segmentText(text, [term([0, 7]), term([4, 13])]))).toBe('[0:law and] order restored');
    expect(shown(segmentText(text, [term([0, 7], [0, 7])]))).toBe('[0:law and] order restored');
  });

  it('drops spans outside the text, empty or reversed ones and offsets that are not whole numbers, and clips the rest', () => {
    const text = 'short text';
    const segments = segmentText(text, [
      term([20, 25], [5, 5], [7, 3], [1.5, 4], [-4, 2]),
      { spans: [{ start: Number.NaN, end: 3 }, null as never] },
      term([6, 99]),
    ]);
    expect(shown(segments)).toBe('[0:sh]ort [2:text]');
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('tolerates a term without a list of spans', () => {
    expect(shown(segmentText('abc', [{ spans: undefined as never }, term([1, 2])]))).toBe('a[1:b]c');
  });

  it('never cuts an astral character (a surrogate pair) in two', () => {
    const text = 'a 😀 b 𝒳y';
    // '😀' is 2..4, '𝒳' is 7..9: spans that start or end inside a pair grow to take the whole character.
    expect(shown(segmentText(text, [term([3, 4])]))).toBe('a [0:😀] b 𝒳y');
    expect(shown(segmentText(text, [term([2, 3])]))).toBe('a [0:😀] b 𝒳y');
    expect(shown(segmentText(text, [term([8, 10])]))).toBe('a 😀 b [0:𝒳y]');
    for (const segment of segmentText(text, [term([3, 8])])) {
      expect(segment.text).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
  });
});
