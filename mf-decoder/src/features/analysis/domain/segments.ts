import type { TermSpan } from '@keisha/contracts/decoder';

/** A run of the article: plain text, or one occurrence of a detected term (by its index in the list). */
export type TextSegment = { text: string; term: null } | { text: string; term: number; occurrence: number };

interface Highlight {
  start: number;
  end: number;
  term: number;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Moves an offset that falls inside a surrogate pair to the pair's start, so no character is cut in two. */
function alignToCharacter(text: string, offset: number): number {
  return offset > 0 && offset < text.length && isLowSurrogate(text.charCodeAt(offset)) && isHighSurrogate(text.charCodeAt(offset - 1))
    ? offset - 1
    : offset;
}

/** The span as it can be shown in this text: clipped to it, on whole characters; null if nothing is left. */
function usableSpan(text: string, span: TermSpan): { start: number; end: number } | null {
  if (typeof span !== 'object' || span === null) return null;
  const { start, end } = span;
  if (!Number.isInteger(start) || !Number.isInteger(end)) return null;
  const from = alignToCharacter(text, Math.max(0, start));
  let to = Math.min(text.length, end);
  // An end inside a pair takes the whole last character rather than half of it.
  if (to > 0 && to < text.length && isLowSurrogate(text.charCodeAt(to)) && isHighSurrogate(text.charCodeAt(to - 1))) to += 1;
  return from < to ? { start: from, end: to } : null;
}

/**
 * Cuts the article into plain runs and highlighted occurrences, in order, for rendering as text nodes
 * and <mark> elements. Spans come from the server as UTF-16 offsets into the very text that was sent;
 * the ones that do not fit (outside the text, empty, not whole numbers) are left out, and where two
 * overlap the one that starts first wins (the longer one on a tie), so every character is shown once.
 */
export function segmentText(text: string, terms: ReadonlyArray<{ spans: ReadonlyArray<TermSpan> }>): TextSegment[] {
  const highlights: Highlight[] = [];
  terms.forEach((term, index) => {
    for (const span of Array.isArray(term.spans) ? term.spans : []) {
      const usable = usableSpan(text, span);
      if (usable) highlights.push({ ...usable, term: index });
    }
  });
  highlights.sort((a, b) => a.start - b.start || b.end - a.end || a.term - b.term);

  const segments: TextSegment[] = [];
  const occurrences = new Map<number, number>();
  let cursor = 0;
  for (const { start, end, term } of highlights) {
    if (start < cursor) continue; // overlaps the previous highlight
    if (start > cursor) segments.push({ text: text.slice(cursor, start), term: null });
    const occurrence = occurrences.get(term) ?? 0;
    occurrences.set(term, occurrence + 1);
    segments.push({ text: text.slice(start, end), term, occurrence });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), term: null });
  return segments;
}
