/** One page of a list the server pages for us: which page, how many per page, and how many in all. */
export interface PageInfo {
  page: number;
  pageSize: number;
  total: number;
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

export function hasNextPage({ page, pageSize, total }: PageInfo): boolean {
  return page < pageCount(total, pageSize);
}

/** 'Page 2 of 5'. */
export function pageLabel({ page, pageSize, total }: PageInfo): string {
  const pages = pageCount(total, pageSize);
  return `Page ${clampPage(page, pages)} of ${pages}`;
}

/** '21–40 of 57': the rows this page shows; '0 of 0' when there are none. */
export function rangeLabel({ page, pageSize, total }: PageInfo, rowsOnPage: number): string {
  if (total <= 0 || rowsOnPage <= 0) return `0 of ${Math.max(0, total)}`;
  const first = (page - 1) * pageSize + 1;
  return `${first}–${first + rowsOnPage - 1} of ${total}`;
}

/** The paging of a list the server answered: its own page and size where it gave them, else the ones asked for. */
export function pageInfoOf(list: { page?: number; page_size?: number; total: number }, askedPage: number, pageSize: number): PageInfo {
  return { page: list.page || askedPage, pageSize: list.page_size || pageSize, total: list.total };
}
