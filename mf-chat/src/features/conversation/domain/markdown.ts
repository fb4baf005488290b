// What we add to the markdown library (react-markdown with remark-gfm) for Keisha's answers: the
// addresses an answer may link to, and a remark plugin that shows HTML in an answer as the
// characters it is. There is no HTML rendering anywhere (no rehype-raw): markup stays text.

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

/**
 * Deeper than any answer a person would read: quotes in lists in quotes... The markdown library
 * recurses once per level, and a few thousand levels (a line of "> > > ..." or "- - - ...") exhaust
 * the call stack after seconds of work, so such an answer is shown as plain text instead.
 */
export const MAX_NESTING = 12;

const CONTAINER_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/** The deepest nesting of quote and list markers (and two-space indents) on any line, up to `limit + 1`. */
export function nestingDepth(text: string, limit = MAX_NESTING): number {
  let deepest = 0;
  for (const line of text.split('\n')) {
    let depth = 0;
    let rest = line;
    const indent = /^ */.exec(rest)![0].length;
    depth += Math.floor(indent / 2);
    for (let marker = CONTAINER_MARKER.exec(rest); marker && depth <= limit; marker = CONTAINER_MARKER.exec(rest)) {
      depth++;
      rest = rest.slice(marker[0].length);
    }
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
  }
  return deepest;
}

/** The parts of a markdown syntax tree (mdast) the plugin below touches. */
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/** Containers whose children are blocks: an HTML block in them becomes a paragraph of text. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** Replaces every HTML node of the tree by text with the same characters (block HTML in a paragraph). */
export function htmlToText(root: MdNode): void {
  // A loop over a stack, not recursion: an answer of 5,000 nested quotes must not exhaust the call stack.
  const stack: MdNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const children = node.children;
    if (!children) continue;
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      if (child.type === 'html') {
        const text: MdNode = { type: 'text', value: child.value ?? '' };
        children[index] = FLOW_PARENTS.has(node.type) ? { type: 'paragraph', children: [text] } : text;
      } else stack.push(child);
    }
  }
}

/** The remark plugin: `remarkPlugins={[remarkGfm, htmlAsText]}`. */
export function htmlAsText() {
  return (tree: MdNode) => htmlToText(tree);
}
