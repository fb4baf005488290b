const TITLE_MAX = 80;

/** The text on one line: every run of whitespace as one space, none at either end. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * `oneLine(text)`, or a start of it longer than TITLE_MAX when the whole is. Only the start can reach a
 * title, and one-lining a whole long article cost more than the rest of the history entry: a prefix is
 * one-lined, doubled while whitespace runs leave it too short. A prefix one-lines to a start of the whole
 * one-lined text (a run cut at its end still becomes one space), perhaps with one space the whole would
 * trim: so it must be two characters past TITLE_MAX.
 */
function oneLineStart(text: string): string {
  for (let end = 4 * TITLE_MAX; end < text.length; end *= 2) {
    const start = text.slice(0, end).replace(/\s+/g, ' ').trimStart();
    if (start.length > TITLE_MAX + 1) return start;
  }
  return oneLine(text);
}

/** The list title of an analysis: the article's first words, on one line, at most 80 characters. */
export function historyTitle(text: string): string {
  const line = oneLineStart(text);
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
