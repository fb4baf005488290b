// Searching a person's conversations: a literal, case-insensitive substring match (SQL ILIKE), with
// the query's own wildcards escaped, and a short excerpt around the first match.

/** An ILIKE pattern that matches `query` literally anywhere; use it with `ESCAPE '\'`. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Up to `radius` characters either side of the first case-insensitive occurrence of `query`, on one
 * line, with an ellipsis where text was cut. Falls back to the opening of the text.
 */
export function snippetAround(text: string, query: string, radius = 60): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const at = oneLine.toLocaleLowerCase('en-US').indexOf(query.trim().toLocaleLowerCase('en-US'));
  // Lower-casing can change a string's length (e.g. 'İ'); then the index is only approximate.
  const exact = at >= 0 && oneLine.length === oneLine.toLocaleLowerCase('en-US').length;
  if (!exact) return oneLine.length <= radius * 2 ? oneLine : `${oneLine.slice(0, radius * 2).trimEnd()}…`;
  let start = Math.max(0, at - radius);
  let end = Math.min(oneLine.length, at + query.trim().length + radius);
  // Cut at word boundaries when one is near.
  if (start > 0) {
    const space = oneLine.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < oneLine.length) {
    const space = oneLine.lastIndexOf(' ', end);
    if (space > at + query.trim().length) end = space;
  }
  return `${start > 0 ? '…' : ''}${oneLine.slice(start, end)}${end < oneLine.length ? '…' : ''}`;
}
