// A page the edge prerendered (infra/local/prerender.ts) sits in `#keisha-prerender`, outside React's root, so
// it stays on screen while the shell boots and the remote loads. The shell removes it, with the head tags that
// came with it, in the same frame as the live remote's first render, or as soon as that remote fails.

const CONTAINER_ID = 'keisha-prerender';

/** Whether the document still shows a prerendered page (of any remote). */
export function hasPrerendered(doc: Document = document): boolean {
  return doc.getElementById(CONTAINER_ID) !== null;
}

/** Removes the prerendered page and its head tags; the live page replaces them. Safe to call repeatedly. */
export function dropPrerendered(doc: Document = document): void {
  doc.getElementById(CONTAINER_ID)?.remove();
  for (const tag of Array.from(doc.head.querySelectorAll('[data-prerendered]'))) tag.remove();
}
