// The conversation list of the side panel: newest activity first, as the chat service orders it,
// kept in step with what happens on screen (a new conversation, a rename, a deletion).
import { isBlankText } from '@keisha/contracts';
import { CHAT_TEXT, SEARCH_QUERY_MAX_CHARS, TITLE_MAX_CHARS, type ChatSession } from '@keisha/contracts/chat';

/** A conversation not named yet (spec: New Chat). */
export const UNTITLED = 'New Chat';

export interface SessionList {
  sessions: ChatSession[];
  total: number;
  page: number;
}

export const EMPTY_SESSION_LIST: SessionList = { sessions: [], total: 0, page: 0 };

export function titleOf(session: ChatSession): string {
  // A title saved before blank titles were refused may show nothing ("\u200b"): such a conversation reads as unnamed.
  const title = session.title?.trim();
  return title && !isBlankText(title) ? title : UNTITLED;
}

function newestFirst(a: ChatSession, b: ChatSession): number {
  return Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id.localeCompare(a.id);
}

/** A page from the service: the first replaces the list, later ones add to it (no duplicates). */
export function withPage(list: SessionList, page: { sessions: ChatSession[]; total: number }, number: number): SessionList {
  const base = number <= 1 ? [] : list.sessions;
  const seen = new Set(base.map((s) => s.id));
  return { sessions: [...base, ...page.sessions.filter((s) => !seen.has(s.id))], total: page.total, page: number };
}

/** A conversation created or active just now goes (or moves) to the top. */
export function withActive(list: SessionList, session: ChatSession): SessionList {
  const known = list.sessions.some((s) => s.id === session.id);
  const sessions = [session, ...list.sessions.filter((s) => s.id !== session.id)].sort(newestFirst);
  return { ...list, sessions, total: known ? list.total : list.total + 1 };
}

export function withRenamed(list: SessionList, session: ChatSession): SessionList {
  return { ...list, sessions: list.sessions.map((s) => (s.id === session.id ? { ...s, title: session.title } : s)) };
}

export function withoutSession(list: SessionList, id: string): SessionList {
  const sessions = list.sessions.filter((s) => s.id !== id);
  return { ...list, sessions, total: Math.max(0, list.total - (sessions.length < list.sessions.length ? 1 : 0)) };
}

export function hasMore(list: SessionList): boolean {
  return list.sessions.length < list.total;
}

/** A new title as the service accepts it, or an error to show. */
export function checkTitle(draft: string): { title: string } | { error: string } {
  const title = draft.trim();
  if (isBlankText(title)) return { error: CHAT_TEXT.blankTitle };
  if (title.length > TITLE_MAX_CHARS) return { error: CHAT_TEXT.titleTooLong };
  return { title };
}

/** The search to run for what is typed, or null when there is nothing to search for. */
export function searchTermOf(typed: string): string | null {
  const term = typed.trim().replace(/\u0000/g, '');
  if (isBlankText(term)) return null;
  return term.slice(0, SEARCH_QUERY_MAX_CHARS);
}
