import { formatDate, formatDateTime } from '../lib/format.ts';
import styles from './table-columns.module.css';
import { EmailAddress } from './email-address.tsx';
import type { Column } from './data-table.tsx';

/**
 * A moment, as the admin lists show one: the local date and time (or the day alone, the time in its title),
 * machine-readable in dateTime, on one line.
 */
export function DateTime({ iso, day = false }: { iso: string; day?: boolean }) {
  return (
    <time className={styles.moment} dateTime={iso} title={day ? formatDateTime(iso) : undefined}>
      {day ? formatDate(iso) : formatDateTime(iso)}
    </time>
  );
}

/** The column naming each row by an e-mail address (the row's header; long addresses wrap). */
export function emailColumn<Row>(header: string, emailOf: (row: Row) => string): Column<Row> {
  return { header, rowHeader: true, cell: (row) => <EmailAddress>{emailOf(row)}</EmailAddress> };
}

/** A column of moments. */
export function dateTimeColumn<Row>(header: string, isoOf: (row: Row) => string): Column<Row> {
  return { header, cell: (row) => <DateTime iso={isoOf(row)} /> };
}
