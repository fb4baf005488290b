import { within } from '@testing-library/react';

/** The column headers of a table, as read. */
export function columnHeaders(table: HTMLElement): (string | null)[] {
  return within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
}

/** The row of a table whose accessible name contains `text` (an e-mail address, say). */
export function rowNamed(table: HTMLElement, text: string): HTMLElement {
  return within(table).getByRole('row', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}
