import type { ReactNode } from 'react';
import { pageInfoOf } from '../lib/pagination.ts';
import type { PagedList } from '../lib/use-paged-list.ts';
import { DataTable, type Column } from './data-table.tsx';
import { Pagination } from './pagination.tsx';
import { RemoteList, type RemoteListProps } from './remote-list.tsx';

/** One page of a list as the server answers it: its total, and the page and size it used when it says. */
export interface PagedAnswer {
  page?: number;
  page_size?: number;
  total: number;
  /** The server counted no further than `total`. */
  total_capped?: boolean;
}

/** The list and its paging come from usePagedList. */
export interface PagedTableProps<T extends PagedAnswer, Row extends { id: string }> extends Omit<RemoteListProps<T>, 'children'>, PagedList<T> {
  /** The rows of one answer. */
  rowsOf: (data: T) => readonly Row[];
  /** Names the table for screen readers; its page links are "<caption> pages". */
  caption: string;
  columns: Column<Row>[];
  empty: ReactNode;
  stacked?: boolean;
}

/** An admin list the server pages: loading, failure and notices as RemoteList shows them, then one page and the links to the others. */
export function PagedTable<T extends PagedAnswer, Row extends { id: string }>({
  rowsOf,
  page,
  pageSize,
  onPageChange,
  caption,
  columns,
  empty,
  stacked,
  ...remote
}: PagedTableProps<T, Row>) {
  return (
    <RemoteList {...remote}>
      {(data, busy) => {
        const rows = rowsOf(data);
        return (
          <>
            <DataTable caption={caption} columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} busy={busy} {...(stacked === undefined ? {} : { stacked })} />
            <Pagination label={`${caption} pages`} info={pageInfoOf(data, page, pageSize)} rowsOnPage={rows.length} busy={busy} onPageChange={onPageChange} />
          </>
        );
      }}
    </RemoteList>
  );
}
