import { afterEach, describe, expect, it } from 'vitest';
import { applyHeadTags, canonicalUrl, headTagsFor } from './meta-tags.ts';
import { MARKETING_PAGES, PAGE_META, pageMetaFor } from './site-pages.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';

const ORIGIN = 'https://keisha.example';

function content(selector: string): string | null {
  const elements = document.head.querySelectorAll(selector);
  expect(elements.length).toBeLessThanOrEqual(1);
  return elements[0]?.getAttribute(selector.startsWith('link') ? 'href' : 'content') ?? null;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('page metadata', () => {
  it.each(MARKETING_PAGES)('%s has a title and a description of 50 to 160 characters', (page) => {
    const meta = PAGE_META[page];
    expect(meta.title.length).toBeGreaterThan(2);
    expect(meta.description.length).toBeGreaterThanOrEqual(50);
    expect(meta.description.length).toBeLessThanOrEqual(160);
  });

  it('has a different description on every page', () => {
    const descriptions = MARKETING_PAGES.map((page) => PAGE_META[page].description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('uses the same title words as the shell sets on each route', () => {
    expect(MARKETING_PAGES.map((page) => [PAGE_META[page].path, PAGE_META[page].title])).toEqual([
      ['/', 'AI ethics and bias detection'],
      ['/pricing', 'Pricing'],
      ['/thank-you', 'Thank you'],
      ['/faq', 'FAQ'],
      ['/knn', 'Keisha News Network'],
      ['/about', 'Why and Who'],
      ['/developers', 'Keisha API'],
    ]);
  });

  it('falls back to the landing page for a page it does not know', () => {
    expect(pageMetaFor('nonsense')).toBe(PAGE_META.landing);
    expect(pageMetaFor('faq')).toBe(PAGE_META.faq);
  });
});

describe('head tags', () => {
  it('sets description, Open Graph, Twitter card and the canonical link', () => {
    applyHeadTags(document, headTagsFor(PAGE_META.pricing, ORIGIN));
    const expected = {
      'meta[name="description"]': PAGE_META.pricing.description,
      'meta[property="og:title"]': 'Keisha | Pricing',
      'meta[property="og:description"]': PAGE_META.pricing.description,
      'meta[property="og:type"]': 'website',
      'meta[property="og:url"]': 'https://keisha.example/pricing',
      'meta[name="twitter:card"]': 'summary',
      'meta[name="robots"]': 'index, follow',
      'link[rel="canonical"]': 'https://keisha.example/pricing',
    };
    for (const [selector, value] of Object.entries(expected)) expect(content(selector), selector).toBe(value);
  });

  it('keeps the thank-you page out of search results', () => {
    applyHeadTags(document, headTagsFor(PAGE_META['thank-you'], ORIGIN));
    expect(content('meta[name="robots"]')).toBe('noindex, follow');
  });

  it('updates the tag the shell already has instead of adding a second one, and restores it', () => {
    document.head.innerHTML = '<meta name="description" content="The shell\'s description">';
    const restore = applyHeadTags(document, headTagsFor(PAGE_META.faq, ORIGIN));
    expect(content('meta[name="description"]')).toBe(PAGE_META.faq.description);
    restore();
    expect(content('meta[name="description"]')).toBe("The shell's description");
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('moves from page to page without piling up tags', () => {
    const first = applyHeadTags(document, headTagsFor(PAGE_META.faq, ORIGIN));
    first();
    applyHeadTags(document, headTagsFor(PAGE_META.knn, ORIGIN));
    expect(document.head.querySelectorAll('meta').length).toBe(headTagsFor(PAGE_META.knn, ORIGIN).length - 1);
    expect(content('meta[property="og:type"]')).toBe('article');
  });

  it('removes duplicate tags left by someone else while shown, and puts them back after', () => {
    document.head.innerHTML = '<link rel="canonical" href="https://a.example/"><link rel="canonical" href="https://b.example/">';
    const restore = applyHeadTags(document, headTagsFor(PAGE_META.about, ORIGIN));
    expect(content('link[rel="canonical"]')).toBe('https://keisha.example/about');
    restore();
    expect(Array.from(document.head.querySelectorAll('link')).map((l) => l.getAttribute('href'))).toEqual([
      'https://a.example/',
      'https://b.example/',
    ]);
  });

  it('builds canonical URLs without query or fragment', () => {
    expect(canonicalUrl('http://localhost:3000', '/')).toBe('http://localhost:3000/');
    expect(canonicalUrl('http://localhost:3000', '/faq')).toBe('http://localhost:3000/faq');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexable marketing page with absolute URLs, and not the thank-you page', () => {
    const xml = sitemapXml('https://keisha.example/some/path', new Date('2026-11-21T12:00:00Z'));
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      'https://keisha.example/',
      'https://keisha.example/pricing',
      'https://keisha.example/faq',
      'https://keisha.example/knn',
      'https://keisha.example/about',
    ]);
    expect(xml).toContain('<lastmod>2026-11-21</lastmod>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const document = new DOMParser().parseFromString(xml, 'application/xml');
    expect(document.querySelector('parsererror')).toBeNull();
  });

  it('robots.txt allows the site, keeps crawlers out of private areas and names the sitemap', () => {
    const text = robotsTxt('https://keisha.example');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/keisha\.example\/sitemap\.xml$/m);
  });

  it('refuses a site address that is not a web address', () => {
    expect(() => robotsTxt('javascript:alert(1)')).toThrow();
  });
});
