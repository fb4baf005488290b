import { useState } from 'react';
import { useRemoteData, type RemoteDataHandle } from './use-remote-data.ts';

export interface PagedList<T> {
  list: RemoteDataHandle<T>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/**
 * A list the server pages, from page 1: `key` names one page of it (its path), `load` fetches that page.
 * The result spreads onto PagedTable.
 */
export function usePagedList<T>(key: (page: number) => string, load: (page: number, signal: AbortSignal) => Promise<T>, pageSize: number): PagedList<T> {
  const [page, setPage] = useState(1);
  const list = useRemoteData(key(page), (signal) => load(page, signal));
  return { list, page, pageSize, onPageChange: setPage };
}
