// A small markdown reader of our own for Keisha's answers. It returns a tree of plain data that the
// markdown view turns into React elements: there is no HTML anywhere, so markup in an answer is shown
// as the characters it is, and links keep only web and mail addresses. It reads the markdown models
// write (paragraphs, headings, lists, quotes, fenced code, rules, emphasis, inline code, links), is
// forgiving of what a half-streamed answer looks like, and stays linear on hostile input.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'code'; language: string | null; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' };

/** Deeper nesting than this (quotes in lists in quotes...) is read as plain paragraphs. */
const MAX_BLOCK_DEPTH = 6;
const MAX_INLINE_DEPTH = 8;
/** A link's label and address are looked for this far ahead, no further (keeps hostile input linear). */
const MAX_LABEL_CHARS = 500;
const MAX_URL_CHARS = 2000;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address when it is safe to link to (web or mail), else null: never javascript:, data: or a relative path. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (href === '' || /[\s\u0000-\u001f\u007f]/.test(href)) return null;
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}>[ ]?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)(.*)$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => /^ */.exec(line.replace(/\t/g, '    '))![0].length;

/** Whether a line ends the paragraph before it. Of numbered lines only "1." does ("in 2020. The..." does not). */
function startsBlock(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line)) return true;
  const item = LIST_ITEM.exec(line);
  return item !== null && item[4]!.trim() !== '' && (!/\d/.test(item[2]!) || Number.parseInt(item[2]!, 10) === 1);
}

/** Removes up to `count` leading spaces (a tab counts as four). */
function dedent(line: string, count: number): string {
  const expanded = line.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length));
  let i = 0;
  while (i < count && expanded[i] === ' ') i++;
  return expanded.slice(i);
}

/** Reads markdown into blocks. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'), 0);
}

function parseBlocks(lines: string[], depth: number): Block[] {
  if (depth > MAX_BLOCK_DEPTH) {
    const text = lines.join('\n').trim();
    return text ? [{ type: 'paragraph', children: [{ type: 'text', text }] }] : [];
  }
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
      const body: string[] = [];
      i++;
      // An unclosed fence (an answer still streaming) runs to the end.
      while (i < lines.length && !closing.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      const language = /^[\w+#.-]{1,24}$/.test(fence[2] ?? '') ? fence[2]! : null;
      blocks.push({ type: 'code', language, text: body.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(lines[i++]!.replace(QUOTE, ''));
      blocks.push({ type: 'quote', children: parseBlocks(quoted, depth + 1) });
      continue;
    }

    const item = LIST_ITEM.exec(line);
    if (item) {
      const parsed = parseList(lines, i, depth);
      blocks.push(parsed.list);
      i = parsed.next;
      continue;
    }

    const paragraph: string[] = [line.trim()];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!)) paragraph.push(lines[i++]!.trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

function parseList(lines: string[], start: number, depth: number): { list: Block; next: number } {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const match = LIST_ITEM.exec(lines[i]!);
    if (!match || /\d/.test(match[2]!) !== ordered || RULE.test(lines[i]!)) break;
    const contentIndent = match[1]!.length + match[2]!.length + Math.max(1, match[3]!.length);
    const body = [match[4] ?? ''];
    i++;
    while (i < lines.length) {
      const line = lines[i]!;
      if (isBlank(line)) {
        // A blank line continues the item only when indented content follows it.
        let next = i + 1;
        while (next < lines.length && isBlank(lines[next]!)) next++;
        if (next < lines.length && indentOf(lines[next]!) >= 2) {
          body.push(...lines.slice(i, next).map(() => ''));
          i = next;
          continue;
        }
        break;
      }
      if (indentOf(line) >= 2) {
        body.push(dedent(line, contentIndent));
        i++;
        continue;
      }
      if (LIST_ITEM.test(line) || startsBlock(line)) break;
      body.push(line.trim()); // a lazy continuation of the item's paragraph
      i++;
    }
    items.push(parseBlocks(body, depth + 1));
    // A blank line between two items of the same list does not end it.
    let next = i;
    while (next < lines.length && isBlank(lines[next]!)) next++;
    const following = next < lines.length ? LIST_ITEM.exec(lines[next]!) : null;
    if (next > i && following && /\d/.test(following[2]!) === ordered) i = next;
  }
  const firstNumber = ordered ? Math.min(Number.parseInt(first[2]!, 10), 1_000_000) : 1;
  return { list: { type: 'list', ordered, start: firstNumber, items }, next: i };
}

// ---------------------------------------------------------------------------------------------
// Inlines

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

/** Reads the inline markdown of one paragraph or heading. Line breaks inside it are kept. */
export function parseInline(source: string): Inline[] {
  return new InlineReader(source).read(0, source.length, 0);
}

class InlineReader {
  readonly src: string;
  /** For each delimiter, the position from which it is known not to occur again. */
  private readonly absentFrom = new Map<string, number>();

  constructor(src: string) {
    this.src = src;
  }

  /** Where `delimiter` next occurs at or after `from` and before `end` as a closer, or -1. */
  private findCloser(delimiter: string, from: number, end: number): number {
    const absent = this.absentFrom.get(delimiter);
    if (absent !== undefined && from >= absent) return -1;
    let at = this.src.indexOf(delimiter, from);
    while (at !== -1 && at + delimiter.length <= end) {
      const before = this.src[at - 1] ?? ' ';
      const after = this.src[at + delimiter.length] ?? ' ';
      const closes = !/\s/.test(before) && (delimiter[0] !== '_' || !WORD.test(after));
      // A closer must not be the start of a longer run of the same character.
      if (closes && after !== delimiter[0]) return at;
      at = this.src.indexOf(delimiter, at + 1);
    }
    if (at === -1) this.absentFrom.set(delimiter, Math.min(absent ?? Infinity, from));
    return -1;
  }

  read(start: number, end: number, depth: number): Inline[] {
    const src = this.src;
    if (depth > MAX_INLINE_DEPTH) return [{ type: 'text', text: src.slice(start, end) }];
    const out: Inline[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push({ type: 'text', text });
      text = '';
    };
    let i = start;
    while (i < end) {
      const ch = src[i]!;

      if (ch === '\\' && i + 1 < end) {
        const next = src[i + 1]!;
        if (next === '\n') {
          flush();
          out.push({ type: 'break' });
          i += 2;
          continue;
        }
        if (PUNCTUATION.test(next)) {
          text += next;
          i += 2;
          continue;
        }
      }

      if (ch === '\n') {
        flush();
        out.push({ type: 'break' });
        i++;
        continue;
      }

      if (ch === '`') {
        let run = 1;
        while (src[i + run] === '`') run++;
        const fence = '`'.repeat(run);
        let close = src.indexOf(fence, i + run);
        while (close !== -1 && close + run <= end && src[close + run] === '`') {
          let skip = close;
          while (src[skip] === '`') skip++;
          close = src.indexOf(fence, skip);
        }
        if (close !== -1 && close + run <= end) {
          let code = src.slice(i + run, close).replace(/\n/g, ' ');
          if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
          flush();
          out.push({ type: 'code', text: code });
          i = close + run;
          continue;
        }
        text += fence;
        i += run;
        continue;
      }

      if (ch === '*' || ch === '_') {
        let run = 1;
        while (src[i + run] === ch) run++;
        const previous = src[i - 1] ?? ' ';
        const following = src[i + run] ?? ' ';
        const opens = !/\s/.test(following) && (ch === '*' || !WORD.test(previous));
        if (opens) {
          const emphasis = this.readEmphasis(ch, run, i, end, depth);
          if (emphasis) {
            flush();
            out.push(...emphasis.nodes);
            i = emphasis.next;
            continue;
          }
        }
        text += ch.repeat(run);
        i += run;
        continue;
      }

      if (ch === '[') {
        const link = this.readLink(i, end, depth);
        if (link) {
          flush();
          out.push(...link.nodes);
          i = link.next;
          continue;
        }
      }

      if ((ch === 'h' || ch === 'H') && !WORD.test(src[i - 1] ?? ' ')) {
        const auto = this.readAutolink(i, end);
        if (auto) {
          flush();
          out.push(auto.node);
          i = auto.next;
          continue;
        }
      }

      text += ch;
      i++;
    }
    flush();
    return out;
  }

  private readEmphasis(ch: string, run: number, at: number, end: number, depth: number): { nodes: Inline[]; next: number } | null {
    // Strong and emphasis at once (***x***), then strong (**x**), then emphasis (*x*); delimiters
    // left over when the closer is shorter than the opener stay as text before it.
    const sizes = run >= 3 ? [3, 2, 1] : run === 2 ? [2, 1] : [1];
    for (const size of sizes) {
      const from = at + run;
      const close = this.findCloser(ch.repeat(size), from + 1, end);
      if (close === -1) continue;
      const children = this.read(from, close, depth + 1);
      const node: Inline =
        size === 3 ? { type: 'strong', children: [{ type: 'em', children }] } : { type: size === 2 ? 'strong' : 'em', children };
      const leftover: Inline[] = run > size ? [{ type: 'text', text: ch.repeat(run - size) }] : [];
      return { nodes: [...leftover, node], next: close + size };
    }
    return null;
  }

  private readLink(at: number, end: number, depth: number): { nodes: Inline[]; next: number } | null {
    const src = this.src;
    let level = 0;
    let close = -1;
    const labelLimit = Math.min(end, at + MAX_LABEL_CHARS);
    for (let i = at; i < labelLimit; i++) {
      const c = src[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '[') level++;
      else if (c === ']' && --level === 0) {
        close = i;
        break;
      }
    }
    if (close === -1 || src[close + 1] !== '(') return null;
    let parens = 0;
    let urlEnd = -1;
    const urlLimit = Math.min(end, close + 2 + MAX_URL_CHARS);
    for (let i = close + 2; i < urlLimit; i++) {
      const c = src[i];
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === '(') parens++;
      else if (c === ')') {
        if (parens === 0) {
          urlEnd = i;
          break;
        }
        parens--;
      } else if (c === '\n') break;
    }
    if (urlEnd === -1) return null;
    const destination = src.slice(close + 2, urlEnd).trim().split(/\s+/)[0] ?? '';
    const href = safeHref(destination.replace(/^<(.*)>$/, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1'));
    const label = this.read(at + 1, close, depth + 1);
    // An unsafe address keeps its label, as text: what the model meant to say is still shown.
    return { nodes: href ? [{ type: 'link', href, children: label }] : label, next: urlEnd + 1 };
  }

  private readAutolink(at: number, end: number): { node: Inline; next: number } | null {
    const src = this.src;
    const head = src.slice(at, at + 8).toLowerCase();
    if (!head.startsWith('http://') && !head.startsWith('https://')) return null;
    let stop = at;
    const limit = Math.min(end, at + MAX_URL_CHARS);
    while (stop < limit && !/[\s<>"]/.test(src[stop]!)) stop++;
    let url = src.slice(at, stop);
    // Sentence punctuation after an address is not part of it; a closing bracket is, when it has its opener.
    for (;;) {
      const last = url.at(-1);
      if (last && /[.,;:!?'*_]/.test(last)) url = url.slice(0, -1);
      else if (last === ')' && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
      else break;
    }
    const href = safeHref(url);
    if (!href || url.length <= 8) return null;
    return { node: { type: 'link', href, children: [{ type: 'text', text: url }] }, next: at + url.length };
  }
}

/** The plain text of inlines (for labels and copying). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'break':
          return '\n';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}
