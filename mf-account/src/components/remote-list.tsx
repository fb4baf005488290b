import type { ReactNode } from 'react';
import type { RemoteDataHandle } from '../lib/use-remote-data.ts';
import styles from './admin-list.module.css';
import { LoadFailed } from './load-failed.tsx';
import { Loading } from './loading.tsx';

export interface RemoteListProps<T> {
  /** The list being loaded, from useRemoteData. */
  list: RemoteDataHandle<T>;
  /** What the list is, as its messages name it: "users" gives "Loading users..." and "Could not load users. Please try again." */
  what: string;
  /** Notices above the list: what came of the page's last action. */
  notices?: ReactNode;
  /** The list itself, once loaded; `busy` while a new page or filter loads over it. */
  children: (data: T, busy: boolean) => ReactNode;
}

/**
 * An admin list page's body: its notices and why loading failed (with Try again), "Loading..." until the first
 * answer, then the list, which stays on screen while the next page loads.
 */
export function RemoteList<T>({ list, what, notices, children }: RemoteListProps<T>) {
  const { state } = list;
  const loading = state.status === 'loading';
  return (
    <>
      <div className={styles.notices}>
        {notices}
        {state.status === 'failed' && <LoadFailed error={state.error} fallback={`Could not load ${what}. Please try again.`} onRetry={list.reload} />}
      </div>
      {!state.data && loading && <Loading label={`Loading ${what}...`} />}
      {state.data !== undefined && children(state.data, loading)}
    </>
  );
}
