import type { HistoryEntry } from '@keisha/contracts/decoder';
import { readAnalysisResult, type AnalysisResult } from './analysis-result.ts';
import { clampScore } from './score-band.ts';

// Issue 4 ("beyond the spec"): signed-in readers keep a history of their analyses: list, reopen, delete.

export interface HistoryList {
  entries: HistoryEntry[];
  total: number;
  /** The last page loaded (1-based); 0 before the first. */
  page: number;
}

export const EMPTY_HISTORY: HistoryList = { entries: [], total: 0, page: 0 };

function readEntry(value: unknown): HistoryEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id === '') return null;
  return {
    id: entry.id,
    created_at: typeof entry.created_at === 'string' ? entry.created_at : '',
    title: typeof entry.title === 'string' && entry.title.trim() !== '' ? entry.title : 'Untitled article',
    score: clampScore(entry.score),
    term_count: Number.isInteger(entry.term_count) && (entry.term_count as number) >= 0 ? (entry.term_count as number) : 0,
  };
}

/**
 * The list after one more page: a first page replaces it, a later one is appended, and an entry already
 * listed (pages shift when analyses are added meanwhile) is not listed twice.
 */
export function withHistoryPage(list: HistoryList, response: unknown, page: number): HistoryList {
  const body = (typeof response === 'object' && response !== null ? response : {}) as Record<string, unknown>;
  const incoming = (Array.isArray(body.entries) ? body.entries : []).map(readEntry).filter((e): e is HistoryEntry => e !== null);
  const base = page <= 1 ? [] : list.entries;
  const seen = new Set(base.map((entry) => entry.id));
  const entries = [...base, ...incoming.filter((entry) => !seen.has(entry.id) && seen.add(entry.id))];
  const total = Number.isInteger(body.total) ? Math.max(body.total as number, entries.length) : entries.length;
  return { entries, total, page };
}

export function withoutHistoryEntry(list: HistoryList, id: string): HistoryList {
  const entries = list.entries.filter((entry) => entry.id !== id);
  return { ...list, entries, total: Math.max(entries.length, list.total - (entries.length < list.entries.length ? 1 : 0)) };
}

export function hasMoreHistory(list: HistoryList): boolean {
  return list.entries.length < list.total;
}

/** A reopened analysis as the result view shows it, or null when the stored one cannot be read. */
export function resultFromHistoryItem(response: unknown): AnalysisResult | null {
  const entry = (response as { entry?: Record<string, unknown> } | null)?.entry;
  if (typeof entry !== 'object' || entry === null || typeof entry.text !== 'string') return null;
  return readAnalysisResult(entry.text, { analysis: entry.analysis, translation: entry.translation });
}

/** e.g. '4 terms flagged', for the list. */
export function termCountLabel(count: number): string {
  if (count === 0) return 'No terms flagged';
  return `${count} ${count === 1 ? 'term' : 'terms'} flagged`;
}
