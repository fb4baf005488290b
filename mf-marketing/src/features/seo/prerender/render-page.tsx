// Server-side entry, built by rspack.prerender.config.ts for Node (never part of the browser bundle): renders
// each public marketing page to HTML at build time, so the edge can send readable, styled content in the first
// response (search engines, link previews, and a first paint that does not wait for the federation chain).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import MarketingApp from '../../../App.tsx';
import { preloadPage } from '../../../pages.tsx';
import { headTagsFor } from '../domain/meta-tags.ts';
import { documentTitle, MARKETING_PAGES, PAGE_META, type MarketingPage } from '../domain/site-pages.ts';
import type { PrerenderedPage } from './prerendered-page.ts';

/** The pages worth prerendering: the public ones. `/thank-you` depends on its query, so it is left to the browser. */
export const PRERENDERED_PAGES: MarketingPage[] = MARKETING_PAGES.filter((page) => PAGE_META[page].indexable);

/** Renders one page; `origin` becomes the canonical and Open Graph URLs' origin. */
export async function renderPage(page: MarketingPage, origin: string): Promise<PrerenderedPage> {
  await preloadPage(page); // its chunk, so the synchronous render has the page
  const meta = PAGE_META[page];
  const html = renderToString(
    <StaticRouter location={meta.path} future={{ v7_relativeSplatPath: true }}>
      <MarketingApp page={page} />
    </StaticRouter>,
  );
  return { page, path: meta.path, title: documentTitle(meta.title), head: headTagsFor(meta, origin), html };
}
