export type QueryValue = string | number | readonly string[] | null | undefined;

/**
 * A path with its query string. Blank, null and undefined values are left out; a list becomes one
 * comma-separated value (the admin APIs take `user_ids=a,b,c`).
 */
export function pathWithQuery(path: string, params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : value.join(',');
    if (text.trim() === '') continue;
    search.append(name, text);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
