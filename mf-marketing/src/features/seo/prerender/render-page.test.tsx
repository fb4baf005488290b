import { describe, expect, it } from 'vitest';
import { PAGE_META } from '../domain/site-pages.ts';
import { PRERENDERED_PAGES, renderPage } from './render-page.tsx';

describe('renderPage (build-time prerender)', () => {
  it('prerenders the public pages and leaves /thank-you, which depends on its query, to the browser', () => {
    expect(PRERENDERED_PAGES).toEqual(['landing', 'pricing', 'faq', 'knn', 'about']);
  });

  it.each(PRERENDERED_PAGES)('renders %s with its heading, navigation and head tags', async (page) => {
    const rendered = await renderPage(page, 'https://keisha.example');
    expect(rendered.path).toBe(PAGE_META[page].path);
    expect(rendered.html).toContain(`data-page="${page}"`);
    expect(rendered.html).toMatch(/<h1[\s>]/);
    expect(rendered.html).toContain('aria-label="Main"');
    expect(rendered.title).toBe(`Keisha | ${PAGE_META[page].title}`);
    expect(rendered.head).toContainEqual({ kind: 'canonical', href: `https://keisha.example${PAGE_META[page].path}` });
    // Nothing in the markup runs: React escapes text, and no page renders a script element.
    expect(rendered.html).not.toContain('<script');
  });
});
