/** One page of a list the server pages for us: which page, how many per page, and how many in all. */
export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
  /** The server counted no further than `total`: there are more rows, and pages, than it says. */
  totalCapped?: boolean;
}

/** 10,000, or 10,000+ when the server stopped counting there. */
export function totalLabel(total: number, capped = false): string {
  return `${Math.max(0, total).toLocaleString('en-US')}${capped ? '+' : ''}`;
}

/** How many pages a list has; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/** A page number that exists: at least 1, at most the last page. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

export function hasPreviousPage({ page }: PageInfo): boolean {
  return page > 1;
}

/** A capped list has a next page while this one is full (`rowsOnPage` when known). */
export function hasNextPage({ page, pageSize, total, totalCapped }: PageInfo, rowsOnPage?: number): boolean {
  if (totalCapped) return rowsOnPage === undefined || rowsOnPage >= pageSize;
  return page < pageCount(total, pageSize);
}

/**
 * 'Page 2 of 5'. A capped list says 'Page 2 of 500+' until a page that is not full shows where it ends
 * ('Page 503 of 503'; `rowsOnPage` when known).
 */
export function pageLabel({ page, pageSize, total, totalCapped }: PageInfo, rowsOnPage?: number): string {
  const pages = pageCount(total, pageSize);
  if (!totalCapped) return `Page ${clampPage(page, pages)} of ${pages}`;
  const shown = clampPage(page, Number.MAX_SAFE_INTEGER);
  const last = rowsOnPage !== undefined && rowsOnPage > 0 && rowsOnPage < pageSize;
  return `Page ${shown.toLocaleString('en-US')} of ${last ? shown.toLocaleString('en-US') : totalLabel(Math.max(pages, shown), true)}`;
}

/** '21–40 of 57': the rows this page shows; '0 of 0' when there are none. A capped list: '21–40 of 10,000+'. */
export function rangeLabel({ page, pageSize, total, totalCapped }: PageInfo, rowsOnPage: number): string {
  if (!totalCapped) {
    if (total <= 0 || rowsOnPage <= 0) return `0 of ${Math.max(0, total)}`;
    const first = (page - 1) * pageSize + 1;
    return `${first}–${first + rowsOnPage - 1} of ${total}`;
  }
  if (rowsOnPage <= 0) return `0 of ${totalLabel(total, true)}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + rowsOnPage - 1;
  const range = `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')}`;
  // A page that is not full is the last: the whole count is known there.
  return `${range} of ${rowsOnPage < pageSize ? last.toLocaleString('en-US') : totalLabel(Math.max(total, last), true)}`;
}

/** The paging of a list the server answered: its own page and size where it gave them, else the ones asked for. */
export function pageInfoOf(list: { page?: number; page_size?: number; total: number; total_capped?: boolean }, askedPage: number, pageSize: number): PageInfo {
  const info: PageInfo = { page: list.page || askedPage, pageSize: list.page_size || pageSize, total: list.total };
  return list.total_capped ? { ...info, totalCapped: true } : info;
}
