import { formatDateTime } from '../lib/format.ts';
import { EmailAddress } from './email-address.tsx';
import type { Column } from './data-table.tsx';

/** A moment, as the admin lists show one: the local date and time, machine-readable in dateTime. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/** The column naming each row by an e-mail address (the row's header; long addresses wrap). */
export function emailColumn<Row>(header: string, emailOf: (row: Row) => string): Column<Row> {
  return { header, rowHeader: true, cell: (row) => <EmailAddress>{emailOf(row)}</EmailAddress> };
}

/** A column of moments. */
export function dateTimeColumn<Row>(header: string, isoOf: (row: Row) => string): Column<Row> {
  return { header, cell: (row) => <DateTime iso={isoOf(row)} /> };
}
