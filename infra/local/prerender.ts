// Edge-side composition of prerendered pages. A remote may publish `prerender/index.json` beside its
// mf-manifest.json (the marketing remote does: mf-marketing/scripts/prerender.ts). When a document request
// names one of its pages, the gateway puts that page's markup, stylesheets and head tags into the shell's
// index.html, so the first response is readable and styled; the shell swaps it for the live remote once the
// remote has loaded (shell/src/federation/prerendered.ts). Anything missing or malformed means no prerender:
// the plain shell is served, exactly as before.
import { hashSource, styleAttributeValues } from './security.ts';

/** One tag of a page's head, as the marketing remote's meta-tags domain describes it. */
export type HeadTag =
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'canonical'; href: string };

export interface PrerenderedPage {
  page: string;
  path: string;
  title: string;
  head: HeadTag[];
  html: string;
  /** The page's own stylesheets, a subset of the index's (all of them when absent). */
  stylesheets?: string[];
}

export interface PrerenderIndex {
  remote: string;
  placeholders: { origin: string; remoteBase: string };
  stylesheets: string[];
  pages: Record<string, PrerenderedPage>;
  /**
   * The stylesheets' text, by file name, when the edge could fetch them: inlined, they cost the first paint no
   * request to another origin. A file missing here is linked instead.
   */
  inlineStyles?: Record<string, string>;
}

/** Larger stylesheets are linked rather than inlined: the page's HTML should stay small. */
export const MAX_INLINE_STYLESHEET_BYTES = 64 * 1024;

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isHeadTag(value: unknown): value is HeadTag {
  if (!isRecord(value)) return false;
  if (value.kind === 'canonical') return isString(value.href);
  return (
    value.kind === 'meta' &&
    (value.attribute === 'name' || value.attribute === 'property') &&
    isString(value.key) &&
    isString(value.content)
  );
}

function isPage(value: unknown): value is PrerenderedPage {
  return (
    isRecord(value) &&
    isString(value.page) &&
    /^[a-z0-9-]{1,40}$/.test(value.page) &&
    isString(value.path) &&
    isString(value.title) &&
    isString(value.html) &&
    Array.isArray(value.head) &&
    value.head.every(isHeadTag)
  );
}

/** Checks a fetched index; anything that is not exactly the expected shape is refused (undefined). */
export function parsePrerenderIndex(value: unknown): PrerenderIndex | undefined {
  if (!isRecord(value) || value.version !== 1 || !isString(value.remote) || !/^[a-z]{1,20}$/.test(value.remote)) {
    return undefined;
  }
  const { placeholders, stylesheets, pages } = value;
  if (!isRecord(placeholders) || !isString(placeholders.origin) || !isString(placeholders.remoteBase)) return undefined;
  if (!placeholders.origin || !placeholders.remoteBase) return undefined;
  // Stylesheets are file names relative to the remote, never URLs elsewhere.
  if (!Array.isArray(stylesheets) || !stylesheets.every((file) => isString(file) && /^[\w.-]+\.css$/.test(file))) {
    return undefined;
  }
  if (!isRecord(pages) || !Object.values(pages).every(isPage)) return undefined;
  // A page may name only stylesheets the index lists.
  const listed = new Set(stylesheets as string[]);
  const ownSheetsValid = Object.values(pages).every((page) => {
    const own = (page as Record<string, unknown>).stylesheets;
    return own === undefined || (Array.isArray(own) && own.every((file) => isString(file) && listed.has(file)));
  });
  if (!ownSheetsValid) return undefined;
  return {
    remote: value.remote,
    placeholders: { origin: placeholders.origin, remoteBase: placeholders.remoteBase },
    stylesheets: stylesheets as string[],
    pages: pages as Record<string, PrerenderedPage>,
  };
}

/** The index's page for a request path (`/pricing/` is `/pricing`), if it has one. */
export function pageForPath(index: PrerenderIndex, pathname: string): PrerenderedPage | undefined {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(index.pages, normalised) ? index.pages[normalised] : undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function headTagHtml(tag: HeadTag): string {
  if (tag.kind === 'canonical') return `<link rel="canonical" href="${escapeHtml(tag.href)}" data-prerendered>`;
  return `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" data-prerendered>`;
}

/**
 * Runs right after the prerendered page is parsed. With JavaScript on, the live page follows within a moment,
 * so the copy is made inert: nothing in it can be clicked, typed into or read twice by a screen reader before
 * the real one is there (without JavaScript it stays a plain, working page of links). On `/` it also reads
 * the signed-in hint the session store keeps: a reader with a session gets the chat there, so the landing page
 * must not flash first.
 */
export function handOverScript(landing: boolean): string {
  const hint = landing ? "if(localStorage.getItem('keisha.signed-in')==='1')p.remove();" : '';
  return `(function(){var p=document.getElementById('keisha-prerender');if(!p)return;p.inert=true;try{${hint}}catch(e){}})()`;
}

export interface ComposeOptions {
  /** The site's origin as the reader sees it (`http://localhost:3000`). */
  origin: string;
  /** The remote's base URL, ending in `/` (where its mf-manifest.json lives). */
  remoteBase: string;
}

/** The shell's index.html with one prerendered page in it. */
export function composeDocument(shellHtml: string, index: PrerenderIndex, page: PrerenderedPage, options: ComposeOptions): string {
  const fill = (text: string) =>
    text.split(index.placeholders.remoteBase).join(options.remoteBase).split(index.placeholders.origin).join(options.origin);
  const stylesheet = (file: string) => {
    const text = index.inlineStyles && Object.hasOwn(index.inlineStyles, file) ? index.inlineStyles[file] : undefined;
    // The remote loads the same file again when it mounts; the inlined copy stays, so nothing flashes unstyled.
    if (text !== undefined) return `<style data-inlined-from="${escapeHtml(file)}">${text}</style>`;
    return `<link rel="stylesheet" href="${escapeHtml(options.remoteBase + file)}">`;
  };
  const head = [
    ...(page.stylesheets ?? index.stylesheets).map(stylesheet),
    ...page.head.map((tag) => headTagHtml(tag.kind === 'canonical' ? { ...tag, href: fill(tag.href) } : { ...tag, content: fill(tag.content) })),
  ].join('');
  const body =
    `<div id="keisha-prerender" data-prerendered-remote="${escapeHtml(index.remote)}" data-prerendered-page="${escapeHtml(page.page)}">` +
    fill(page.html) +
    '</div>' +
    `<script>${handOverScript(page.path === '/')}</script>`;
  return shellHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    // The page's own description (and the rest of its tags) replace the shell's generic one.
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `${body}<div id="root"></div>`);
}

interface CacheEntry {
  at: number;
  index: PrerenderIndex | undefined;
}

export interface PrerenderSourceOptions {
  /** How long a fetched index (or its absence) is reused: a redeployed remote is seen within this time. */
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** Fetches and caches each remote base's prerender index over HTTP, like the browser fetches its manifest. */
export function createPrerenderSource(options: PrerenderSourceOptions = {}) {
  const ttlMs = options.ttlMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 1000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, CacheEntry>();
  const inFlight = new Map<string, Promise<PrerenderIndex | undefined>>();

  /** A stylesheet's text if it can be inlined safely: fetched, small, and unable to close its <style> element. */
  const loadStyle = async (remoteBase: string, file: string): Promise<string | undefined> => {
    try {
      const response = await fetch(new URL(file, remoteBase), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return undefined;
      const text = await response.text();
      if (Buffer.byteLength(text) > MAX_INLINE_STYLESHEET_BYTES || /<\/style/i.test(text)) return undefined;
      return text;
    } catch {
      return undefined;
    }
  };

  const load = async (remoteBase: string): Promise<PrerenderIndex | undefined> => {
    try {
      const response = await fetch(new URL('prerender/index.json', remoteBase), { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) return undefined;
      const index = parsePrerenderIndex(await response.json());
      if (!index) return undefined;
      const texts = await Promise.all(index.stylesheets.map((file) => loadStyle(remoteBase, file)));
      const inlineStyles: Record<string, string> = {};
      index.stylesheets.forEach((file, i) => {
        const text = texts[i];
        if (text !== undefined) inlineStyles[file] = text;
      });
      return { ...index, inlineStyles };
    } catch {
      return undefined;
    }
  };

  return {
    async indexFor(remoteBase: string): Promise<PrerenderIndex | undefined> {
      const cached = cache.get(remoteBase);
      if (cached && now() - cached.at < ttlMs) return cached.index;
      let pending = inFlight.get(remoteBase);
      if (!pending) {
        pending = load(remoteBase).then((index) => {
          cache.set(remoteBase, { at: now(), index });
          inFlight.delete(remoteBase);
          return index;
        });
        inFlight.set(remoteBase, pending);
      }
      return pending;
    },
  };
}

/** The base URL of a remote from its manifest URL in remotes.json (`http://h:3001/mf-manifest.json` -> `http://h:3001/`). */
export function remoteBaseOf(manifestUrl: string): string | undefined {
  try {
    const url = new URL(manifestUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return new URL('./', url).href;
  } catch {
    return undefined;
  }
}

export interface ComposedPage {
  html: string;
  /** What the page's Content-Security-Policy must allow of it (see security.ts). */
  scriptHashes: string[];
  styleHashes: string[];
  styleAttributeHashes: string[];
}

/** A composed page and the hashes of what it carries inline: our hand-over script, the inlined stylesheets. */
export function composePage(shellHtml: string, index: PrerenderIndex, page: PrerenderedPage, options: ComposeOptions): ComposedPage {
  const inlined = (page.stylesheets ?? index.stylesheets).flatMap((file) =>
    index.inlineStyles && Object.hasOwn(index.inlineStyles, file) ? [index.inlineStyles[file]!] : [],
  );
  const html = composeDocument(shellHtml, index, page, options);
  return {
    html,
    scriptHashes: [hashSource(handOverScript(page.path === '/'))],
    styleHashes: inlined.map(hashSource),
    styleAttributeHashes: styleAttributeValues(html).map(hashSource),
  };
}

/**
 * Composed pages kept per prerender index, so a document request costs a lookup rather than a composition.
 * An index the source has loaded again is a new object and starts afresh; a changed shell index.html is
 * composed again.
 */
export function createComposedPages(maxEntries = 256) {
  const byIndex = new WeakMap<PrerenderIndex, Map<string, { shellHtml: string; page: ComposedPage }>>();
  return {
    get(shellHtml: string, index: PrerenderIndex, page: PrerenderedPage, options: ComposeOptions): ComposedPage {
      let pages = byIndex.get(index);
      if (!pages) byIndex.set(index, (pages = new Map()));
      const key = `${page.path}\n${options.origin}\n${options.remoteBase}`;
      const hit = pages.get(key);
      if (hit && hit.shellHtml === shellHtml) return hit.page;
      const composed = composePage(shellHtml, index, page, options);
      if (pages.size >= maxEntries) pages.clear();
      pages.set(key, { shellHtml, page: composed });
      return composed;
    },
  };
}
