import type { ReactNode } from 'react';
import type { PageInfo } from '../lib/pagination.ts';
import { DataTable, type Column } from './data-table.tsx';
import { Pagination } from './pagination.tsx';

export interface PagedTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  busy: boolean;
  stacked?: boolean;
  /** Names the page links for screen readers ("Outbox pages"). */
  pagesLabel: string;
  info: PageInfo;
  onPageChange: (page: number) => void;
}

/** One page of an admin list and the links to the others. */
export function PagedTable<Row>({ caption, columns, rows, rowKey, empty, busy, stacked, pagesLabel, info, onPageChange }: PagedTableProps<Row>) {
  return (
    <>
      <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} empty={empty} busy={busy} {...(stacked === undefined ? {} : { stacked })} />
      <Pagination label={pagesLabel} info={info} rowsOnPage={rows.length} busy={busy} onPageChange={onPageChange} />
    </>
  );
}
