// Writes robots.txt and sitemap.xml for the edge image (the gateway serves them at the site's root), from
// the marketing remote's own definitions, so the edge image needs neither the marketing build nor its packages.
//   node infra/docker/site-files.ts <folder>      (KEISHA_SITE_URL: the site's address, as for the marketing build)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { robotsTxt, sitemapXml } from '../../mf-marketing/src/features/seo/domain/sitemap.ts';

export function writeSiteFiles(folder: string, siteUrl: string, now = new Date()): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'robots.txt'), robotsTxt(siteUrl));
  writeFileSync(path.join(folder, 'sitemap.xml'), sitemapXml(siteUrl, now));
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node infra/docker/site-files.ts <folder>');
    process.exit(2);
  }
  // The marketing build's default, so both copies of these files agree when neither is told otherwise.
  writeSiteFiles(folder, process.env.KEISHA_SITE_URL?.trim() || 'https://keisha.ai');
}
