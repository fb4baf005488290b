// What search engines and link previews are told about each marketing page. Pure data: the browser uses it
// for the meta tags, and the build uses it for sitemap.xml (so this file must not touch the DOM).

export const MARKETING_PAGES = ['landing', 'pricing', 'thank-you', 'faq', 'knn', 'about', 'developers'] as const;
export type MarketingPage = (typeof MARKETING_PAGES)[number];

export interface PageMeta {
  page: MarketingPage;
  /** The canonical path of the page. */
  path: string;
  /** The page's part of the document title, as the shell sets it ('Keisha | <title>'). */
  title: string;
  /** At most 160 characters: what a search result shows under the title. */
  description: string;
  /** Open Graph object type. */
  type: 'website' | 'article';
  /** A page that only makes sense after a purchase is kept out of search results and the sitemap. */
  indexable: boolean;
  changefreq: 'weekly' | 'monthly' | 'yearly';
  /** Sitemap priority, 0.0 to 1.0. */
  priority: number;
}

export const SITE_NAME = 'Keisha';

export function documentTitle(title: string): string {
  return `${SITE_NAME} | ${title}`;
}

export const PAGE_META: Record<MarketingPage, PageMeta> = {
  landing: {
    page: 'landing',
    path: '/',
    title: 'AI ethics and bias detection',
    description:
      'Keisha decodes coded racial language and biased framing in the news: a 0-100 bias score, each euphemism explained, and a plain rewrite. Try it free.',
    type: 'website',
    indexable: true,
    changefreq: 'weekly',
    priority: 1,
  },
  pricing: {
    page: 'pricing',
    path: '/pricing',
    title: 'Pricing',
    description:
      'Keisha plans: start free with three News Decoder analyses a day, or subscribe monthly or yearly for more. Enterprise onboarding for teams and universities.',
    type: 'website',
    indexable: true,
    changefreq: 'monthly',
    priority: 0.8,
  },
  faq: {
    page: 'faq',
    path: '/faq',
    title: 'FAQ',
    description:
      'Answers about Keisha: how the News Decoder scores bias, what counts as coded language, daily limits, plans, privacy and the December platform release.',
    type: 'website',
    indexable: true,
    changefreq: 'monthly',
    priority: 0.7,
  },
  knn: {
    page: 'knn',
    path: '/knn',
    title: 'Keisha News Network',
    description:
      'The Keisha News Network: how Keisha reads news coverage for coded racial language, the research it builds on, its open questions and its sister sites.',
    type: 'article',
    indexable: true,
    changefreq: 'monthly',
    priority: 0.6,
  },
  about: {
    page: 'about',
    path: '/about',
    title: 'Why and Who',
    description:
      'Why Keisha exists and who builds it: a counter-racist approach to AI ethics that makes biased framing in the news visible, explained and open to change.',
    type: 'website',
    indexable: true,
    changefreq: 'yearly',
    priority: 0.5,
  },
  // Not prerendered (its reference is fetched from the service at run time), so kept out of the sitemap for now.
  developers: {
    page: 'developers',
    path: '/developers',
    title: 'Keisha API',
    description:
      'The Keisha API for annual subscribers: decode news articles from your own tools, one or 50 at a time, with curl, JavaScript and Python examples.',
    type: 'article',
    indexable: false,
    changefreq: 'monthly',
    priority: 0.4,
  },
  'thank-you': {
    page: 'thank-you',
    path: '/thank-you',
    title: 'Thank you',
    description:
      'Thank you for subscribing to Keisha. Start decoding the news now; the full platform, with team tools, opens in December.',
    type: 'website',
    indexable: false,
    changefreq: 'yearly',
    priority: 0.1,
  },
};

export function isMarketingPage(page: string): page is MarketingPage {
  return (MARKETING_PAGES as readonly string[]).includes(page);
}

/** The page the app renders for a name it was given: the landing page for anything it does not know. */
export function pageMetaFor(page: string): PageMeta {
  return isMarketingPage(page) ? PAGE_META[page] : PAGE_META.landing;
}
