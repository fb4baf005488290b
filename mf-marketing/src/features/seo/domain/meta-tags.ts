import { documentTitle, SITE_NAME, type PageMeta } from './site-pages.ts';

/** One tag in the head: `<meta name|property=key content=...>` or `<link rel=canonical href=...>`. */
export type HeadTag =
  | { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { kind: 'canonical'; href: string };

/** The absolute URL of a path on this origin, without query or fragment. */
export function canonicalUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** Every head tag a page sets: description, robots, Open Graph, Twitter card and canonical link. */
export function headTagsFor(meta: PageMeta, origin: string): HeadTag[] {
  const url = canonicalUrl(origin, meta.path);
  const title = documentTitle(meta.title);
  const named = (key: string, content: string): HeadTag => ({ kind: 'meta', attribute: 'name', key, content });
  const property = (key: string, content: string): HeadTag => ({ kind: 'meta', attribute: 'property', key, content });
  return [
    named('description', meta.description),
    named('robots', meta.indexable ? 'index, follow' : 'noindex, follow'),
    property('og:site_name', SITE_NAME),
    property('og:title', title),
    property('og:description', meta.description),
    property('og:type', meta.type),
    property('og:url', url),
    named('twitter:card', 'summary'),
    named('twitter:title', title),
    named('twitter:description', meta.description),
    { kind: 'canonical', href: url },
  ];
}

function selectorOf(tag: HeadTag): string {
  return tag.kind === 'canonical' ? 'link[rel="canonical"]' : `meta[${tag.attribute}="${tag.key}"]`;
}

/**
 * Writes the tags into the document's head, updating a tag that is already there (the shell's description,
 * say) rather than adding a second one. Returns a function that puts the head back as it was, so the page
 * that follows (another remote's) never inherits this page's description.
 */
export function applyHeadTags(doc: Document, tags: HeadTag[]): () => void {
  const undo: Array<() => void> = [];
  for (const tag of tags) {
    const existing = doc.head.querySelectorAll(selectorOf(tag));
    // Extra copies (left by another app) would contradict this page: keep one.
    for (const extra of Array.from(existing).slice(1)) {
      const parent = extra.parentNode;
      const next = extra.nextSibling;
      extra.remove();
      undo.push(() => parent?.insertBefore(extra, next));
    }
    const element = existing[0];
    const valueAttribute = tag.kind === 'canonical' ? 'href' : 'content';
    const value = tag.kind === 'canonical' ? tag.href : tag.content;
    if (element) {
      const previous = element.getAttribute(valueAttribute);
      element.setAttribute(valueAttribute, value);
      undo.push(() => (previous === null ? element.removeAttribute(valueAttribute) : element.setAttribute(valueAttribute, previous)));
    } else {
      const created = doc.createElement(tag.kind === 'canonical' ? 'link' : 'meta');
      if (tag.kind === 'canonical') created.setAttribute('rel', 'canonical');
      else created.setAttribute(tag.attribute, tag.key);
      created.setAttribute(valueAttribute, value);
      doc.head.append(created);
      undo.push(() => created.remove());
    }
  }
  return () => {
    for (const step of undo.reverse()) step();
  };
}
