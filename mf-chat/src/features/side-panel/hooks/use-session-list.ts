import type { ChatSession } from '@keisha/contracts/chat';
import { useKeisha } from '@keisha/store';
import { usePageLoader } from '@keisha/ui';
import { useCallback, useEffect, useState } from 'react';
import { deleteSession, listSessions, renameSession } from '../api/sessions.ts';
import { EMPTY_SESSION_LIST, withActive, withoutSession, withPage, withRenamed, type SessionList } from '../domain/session-list.ts';

export interface SessionListState {
  list: SessionList;
  status: 'loading' | 'ready' | 'failed';
  loadMore: () => void;
  reload: () => void;
  /** A conversation created or answered on screen. */
  touch: (session: ChatSession) => void;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

/** The signed-in person's conversations, newest first. */
export function useSessionList(): SessionListState {
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const [list, setList] = useState<SessionList>(EMPTY_SESSION_LIST);
  const takePage = useCallback((response: Awaited<ReturnType<typeof listSessions>>, page: number) => {
    setList((current) => withPage(current, { sessions: Array.isArray(response.sessions) ? response.sessions : [], total: Number(response.total) || 0 }, page));
  }, []);
  const { status, load, abort } = usePageLoader(listSessions, takePage);

  useEffect(() => {
    setList(EMPTY_SESSION_LIST);
    if (!userId) return;
    void load(1);
    return abort;
  }, [userId, load, abort]);

  const touch = useCallback((session: ChatSession) => setList((current) => withActive(current, session)), []);

  const rename = useCallback(async (id: string, title: string) => {
    const { session } = await renameSession(id, title);
    setList((current) => withRenamed(current, session));
  }, []);

  const remove = useCallback(async (id: string) => {
    await deleteSession(id);
    setList((current) => withoutSession(current, id));
  }, []);

  return { list, status, loadMore: () => void load(list.page + 1), reload: () => void load(1), touch, rename, remove };
}
