import type { HeadTag } from '../domain/meta-tags.ts';
import type { MarketingPage } from '../domain/site-pages.ts';

/** One page rendered at build time, as scripts/prerender.ts writes it to dist/prerender/index.json. */
export interface PrerenderedPage {
  page: MarketingPage;
  path: string;
  /** The whole document title ('Keisha | Pricing'). */
  title: string;
  head: HeadTag[];
  /** The markup the exposed App renders for this page before any effect runs. */
  html: string;
}
