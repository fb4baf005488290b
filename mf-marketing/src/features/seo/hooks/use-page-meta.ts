import { useEffect } from 'react';
import { applyHeadTags, headTagsFor } from '../domain/meta-tags.ts';
import { pageMetaFor } from '../domain/site-pages.ts';

/**
 * Sets the page's description, robots, Open Graph and Twitter tags and its canonical link while it is shown,
 * and puts the head back when it goes. The document title is the shell's (it owns the route table).
 */
export function usePageMeta(page: string): void {
  useEffect(() => applyHeadTags(document, headTagsFor(pageMetaFor(page), window.location.origin)), [page]);
}
