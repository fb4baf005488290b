import type { ReactNode } from 'react';
import { tableStyles } from '@keisha/ui';
import styles from './data-table.module.css';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column that names the row (an email): rendered as the row's header cell, and a narrow screen's card title. */
  rowHeader?: boolean;
  /** On a narrow screen, whether the cell repeats its column's name (not for a row's buttons). */
  stackedLabel?: boolean;
}

/**
 * A table with a caption (read by screen readers; the page's heading says it on screen). On narrow
 * screens each row becomes a card and each cell is labelled with its column.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  busy = false,
  stacked = true,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in the table when there are no rows. */
  empty: ReactNode;
  busy?: boolean;
  /** Rows become cards on narrow screens; a table of two or three short columns can stay a table. */
  stacked?: boolean;
}) {
  return (
    <div className={[styles.wrapper, stacked && styles.stacked, busy && styles.busy].filter(Boolean).join(' ')}>
      <table className={`${tableStyles.table} ${styles.table}`} aria-busy={busy || undefined}>
        <caption className="k-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" className={styles.rowHeader}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} data-label={column.stackedLabel === false ? undefined : column.header}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
