import { MARKETING_PAGES, PAGE_META } from './site-pages.ts';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function siteRoot(siteUrl: string): string {
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Not a web address: ${siteUrl}`);
  return url.origin;
}

/** sitemap.xml for the indexable marketing pages of the site at `siteUrl` (its origin is used). */
export function sitemapXml(siteUrl: string, lastModified: Date): string {
  const root = siteRoot(siteUrl);
  const day = lastModified.toISOString().slice(0, 10);
  const entries = MARKETING_PAGES.map((page) => PAGE_META[page])
    .filter((meta) => meta.indexable)
    .map(
      (meta) =>
        `  <url>\n    <loc>${escapeXml(new URL(meta.path, root).href)}</loc>\n    <lastmod>${day}</lastmod>\n` +
        `    <changefreq>${meta.changefreq}</changefreq>\n    <priority>${meta.priority.toFixed(1)}</priority>\n  </url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt: everything public may be crawled except the API, the admin and account areas and the payment
 * return pages; the sitemap is named. The thank-you page is not blocked here: it says noindex itself, which
 * a crawler can only read if it may fetch the page.
 */
export function robotsTxt(siteUrl: string): string {
  const root = siteRoot(siteUrl);
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /payment/',
    'Disallow: /payment-success',
    'Disallow: /payment-cancelled',
    '',
    `Sitemap: ${root}/sitemap.xml`,
    '',
  ].join('\n');
}
