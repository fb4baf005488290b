import { useKeisha } from '@keisha/store';
import { usePageLoader } from '@keisha/ui';
import { useCallback, useEffect, useState } from 'react';
import { deleteHistoryItem, getHistoryItem, listHistory } from '../api/history.ts';
import type { AnalysisResult } from '../domain/analysis-result.ts';
import { EMPTY_HISTORY, resultFromHistoryItem, withHistoryPage, withoutHistoryEntry, type HistoryList } from '../domain/history.ts';

export type HistoryStatus = 'loading' | 'ready' | 'failed';

export interface HistoryState {
  /** False for guests: history is kept for accounts only. */
  available: boolean;
  list: HistoryList;
  status: HistoryStatus;
  loadMore: () => void;
  reload: () => void;
  open: (id: string) => Promise<AnalysisResult>;
  remove: (id: string) => Promise<void>;
}

/** The signed-in reader's past analyses. `version` changes when a new analysis has been saved. */
export function useHistory(version: number): HistoryState {
  const userId = useKeisha((s) => s.auth.user?.id ?? null);
  const [list, setList] = useState<HistoryList>(EMPTY_HISTORY);
  const takePage = useCallback((response: Awaited<ReturnType<typeof listHistory>>, page: number) => {
    setList((current) => withHistoryPage(current, response, page));
  }, []);
  const { status, setStatus, load, abort } = usePageLoader(listHistory, takePage);

  // Another reader: nothing of the previous one's list may stay on screen.
  useEffect(() => {
    setList(EMPTY_HISTORY);
    setStatus('loading');
  }, [userId, setStatus]);

  // The first page again (it replaces the list) for a new reader or after a new analysis was saved.
  useEffect(() => {
    if (!userId) return;
    void load(1);
    return abort;
  }, [userId, version, load, abort]);

  const open = useCallback(async (id: string) => {
    const result = resultFromHistoryItem(await getHistoryItem(id));
    if (!result) throw new Error('The saved analysis could not be read.');
    return result;
  }, []);

  const remove = useCallback(async (id: string) => {
    await deleteHistoryItem(id);
    setList((current) => withoutHistoryEntry(current, id));
  }, []);

  return {
    available: userId !== null,
    list,
    status,
    loadMore: () => void load(list.page + 1),
    reload: () => void load(1),
    open,
    remove,
  };
}
