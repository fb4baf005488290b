import type { ChatSession } from '@keisha/contracts/chat';
import { describe, expect, it } from 'vitest';
import { checkTitle, EMPTY_SESSION_LIST, hasMore, searchTermOf, titleOf, withActive, withoutSession, withPage, withRenamed } from './session-list.ts';

const session = (id: string, minute: number, title: string | null = `Chat ${id}`): ChatSession => ({
  id,
  title,
  created_at: `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  updated_at: `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('the conversation list', () => {
  const firstPage = withPage(EMPTY_SESSION_LIST, { sessions: [session('b', 5), session('a', 1)], total: 3 }, 1);

  it('pages in without duplicates, and knows when there is more', () => {
    expect(hasMore(firstPage)).toBe(true);
    const both = withPage(firstPage, { sessions: [session('a', 1), session('z', 0)], total: 3 }, 2);
    expect(both.sessions.map((s) => s.id)).toEqual(['b', 'a', 'z']);
    expect(hasMore(both)).toBe(false);
    expect(withPage(both, { sessions: [session('c', 9)], total: 1 }, 1).sessions.map((s) => s.id)).toEqual(['c']);
  });

  it('puts a new or newly active conversation at the top, newest first', () => {
    const created = withActive(firstPage, session('c', 9, null));
    expect(created.sessions.map((s) => s.id)).toEqual(['c', 'b', 'a']);
    expect(created.total).toBe(4);
    const touched = withActive(created, session('a', 10));
    expect(touched.sessions.map((s) => s.id)).toEqual(['a', 'c', 'b']);
    expect(touched.total).toBe(4);
  });

  it('renames and removes', () => {
    expect(withRenamed(firstPage, session('a', 1, 'Redlining')).sessions[1]!.title).toBe('Redlining');
    const removed = withoutSession(firstPage, 'a');
    expect(removed.sessions.map((s) => s.id)).toEqual(['b']);
    expect(removed.total).toBe(2);
    expect(withoutSession(removed, 'missing').total).toBe(2);
  });

  it('calls an unnamed conversation New Chat', () => {
    expect(titleOf(session('a', 1, null))).toBe('New Chat');
    expect(titleOf(session('a', 1, '  '))).toBe('New Chat');
    expect(titleOf(session('a', 1, '<b>x</b>'))).toBe('<b>x</b>');
  });
});

describe('checkTitle and searchTermOf', () => {
  it('trims titles and refuses blank or over-long ones', () => {
    expect(checkTitle('  Redlining  ')).toEqual({ title: 'Redlining' });
    expect(checkTitle('   ')).toEqual({ error: 'A conversation title cannot be blank.' });
    expect(checkTitle('\u200b\u200b')).toEqual({ error: 'A conversation title cannot be blank.' });
    expect(checkTitle('x'.repeat(121))).toEqual({ error: 'A conversation title has at most 120 characters.' });
  });

  it('searches for what is typed, trimmed and bounded, and not for blanks', () => {
    expect(searchTermOf('  redlining ')).toBe('redlining');
    expect(searchTermOf('   ')).toBeNull();
    expect(searchTermOf('\u200b\u202e')).toBeNull();
    expect(searchTermOf('x'.repeat(500))).toHaveLength(200);
    expect(searchTermOf('a\u0000b')).toBe('ab');
  });
});
