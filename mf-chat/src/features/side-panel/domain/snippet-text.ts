// A search result's excerpt as a reader sees the message: the service cuts it from the message's Markdown (one line,
// about 60 characters either side of the match), so it may hold "**", "[title](https://...)", "_I'm in offline
// mode_" or half of a link cut at its edge. Here it becomes text. No HTML is ever produced: the result is a string
// rendered as text (with the matched words in <mark>, see highlightParts). The input is capped (an excerpt is about
// 130 characters) and every pattern that scans ahead is bounded, so hostile text costs linear time.

// Escaped characters ("FAT\* 2018", "\[") are set aside as private-use characters and given back at the end, so
// no rule below takes them for Markdown.
const ESCAPABLE = /\\([\\`*_{}[\]()#+\-.!>~|<])/g;
const PRIVATE_BASE = 0xe000;
const protect = (text: string) => text.replace(ESCAPABLE, (_, ch: string) => String.fromCharCode(PRIVATE_BASE + ch.charCodeAt(0)));
const restore = (text: string) => text.replace(/[\ue000-\ue07f]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - PRIVATE_BASE));

const RULES: Array<[RegExp, string]> = [
  // Code: the text inside the backticks.
  [/`+([^`]{0,200})`+/g, '$1'],
  [/`+/g, ''],
  // Images and links, whole: their text.
  [/!\[([^\]]{0,200})\]\([^)]{0,500}\)/g, '$1'],
  [/\[([^\]]{0,200})\]\([^)]{0,500}\)/g, '$1'],
  [/\[([^\]]{0,200})\]\[[^\]]{0,200}\]/g, '$1'],
  // Autolinks: the address.
  [/<((?:https?|mailto):[^>\s]{0,500})>/g, '$1'],
  // A link cut by the excerpt: its address's remains ("Shades](https://proc…", "…ml)" at the start), and brackets.
  [/\]\([^)\s]{0,500}\)?/g, ''],
  [/^(…?)[^\s()/]{0,500}\/[^\s()]{0,500}\)/, '$1'],
  [/!?\[|\]/g, ''],
  // Headings, quotes, list markers and rules (the excerpt is one line: they follow a space or open it).
  [/(^|\s)#{1,6}(?=\s)/g, '$1'],
  [/^(…?)\s*>+\s*/, '$1'],
  [/(^|\s)(?:-{3,}|\*{3,}|_{3,})(?=\s|$)/g, '$1'],
  [/^(…?)\s*[-*+]\s+/, '$1'],
  // Emphasis and strike-through: the markers at the edges of words, never an underscore inside one (snake_case).
  [/\*\*|__|~~/g, ''],
  [/(^|[\s([{"'“‘…])[*_]+(?=\S)/g, '$1'],
  [/(\S)[*_]+(?=$|[\s.,;:!?)\]}"'”’…])/g, '$1'],
];

/** Far more than an excerpt: the rest is not shown anyway (two lines at most). */
const MAX_CHARS = 2_000;

/** The text of a Markdown excerpt, on one line. */
export function snippetText(markdown: string): string {
  let text = protect(markdown.slice(0, MAX_CHARS).replace(/\s+/g, ' '));
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return restore(text).replace(/\s+/g, ' ').trim();
}

export interface SnippetPart {
  text: string;
  /** One of the searched words, as written in the message. */
  match: boolean;
}

/**
 * The excerpt cut where it holds the searched text (case-insensitive, literal), so the matches can be marked.
 * When lower-casing changes the text's length (e.g. 'İ'), positions would be wrong: nothing is marked then.
 */
export function highlightParts(text: string, query: string): SnippetPart[] {
  const needle = query.trim().toLocaleLowerCase('en-US');
  const haystack = text.toLocaleLowerCase('en-US');
  if (needle === '' || haystack.length !== text.length) return text === '' ? [] : [{ text, match: false }];
  const parts: SnippetPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
