// Build step after both rspack builds: renders the public marketing pages to HTML and writes them, with their
// head tags and the stylesheets they need, to dist/prerender/index.json. The edge (infra/local/gateway.ts, or
// the ingress in production) fetches that file from this remote like any other asset and puts a page's markup
// in the first response; the shell swaps it for the live remote once the remote has loaded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PrerenderedPage } from '../src/features/seo/prerender/prerendered-page.ts';
import type { MarketingPage } from '../src/features/seo/domain/site-pages.ts';
import { REMOTE_BASE_PLACEHOLDER } from '../rspack.prerender.config.ts';

/** Stands for the site's origin in canonical and Open Graph URLs; the edge puts the request's origin there. */
const ORIGIN_PLACEHOLDER = 'https://keisha-origin.invalid';

interface RenderModule {
  PRERENDERED_PAGES: MarketingPage[];
  renderPage(page: MarketingPage, origin: string): Promise<PrerenderedPage>;
}

interface CssAssets {
  css: { sync: string[]; async: string[] };
}
interface FederationManifest {
  exposes: Array<{ name: string; assets: CssAssets }>;
  shared: Array<{ name: string; assets: CssAssets }>;
}

/** The stylesheets the App needs, its shared packages' (the UI kit's) included, one copy of each content hash. */
function stylesheetsOf(manifest: FederationManifest, app: { assets: CssAssets }): string[] {
  const files = [app, ...manifest.shared].flatMap(({ assets }) => [...assets.css.sync, ...assets.css.async]);
  const byContent = new Map<string, string>();
  for (const file of files) {
    const contentHash = /\.([0-9a-f]{8})\.css$/.exec(file)?.[1] ?? file;
    if (!byContent.has(contentHash)) byContent.set(contentHash, file);
  }
  return [...byContent.values()];
}

const root = path.resolve(import.meta.dirname, '..');
// The browser build's folder (KEISHA_OUT_DIR moves it, as in shared/config/src/rspack.ts).
const dist = process.env.KEISHA_OUT_DIR ? path.resolve(process.env.KEISHA_OUT_DIR) : path.join(root, 'dist');
const require = createRequire(import.meta.url);
const renderer = require(path.join(root, 'dist-prerender', 'render-page.cjs')) as RenderModule;

const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as FederationManifest;
const app = manifest.exposes.find((expose) => expose.name === 'App');
if (!app) throw new Error('dist/mf-manifest.json exposes no App: build the remote before prerendering it');

const stylesheets = stylesheetsOf(manifest, app);
/**
 * A page's own stylesheets: everything but the other pages' chunks (named `page-<name>` in src/pages.tsx), so
 * the first response of `/` carries no pricing or FAQ styles.
 */
function stylesheetsFor(page: MarketingPage): string[] {
  return stylesheets.filter((file) => !file.startsWith('page-') || file.startsWith(`page-${page}.`));
}

const pages: Record<string, PrerenderedPage & { stylesheets: string[] }> = {};
for (const page of renderer.PRERENDERED_PAGES) {
  const rendered = await renderer.renderPage(page, ORIGIN_PLACEHOLDER);
  if (!rendered.html.includes('data-page=')) throw new Error(`The ${page} page rendered no App markup`);
  pages[rendered.path] = { ...rendered, stylesheets: stylesheetsFor(page) };
}

const index = {
  version: 1,
  remote: 'marketing',
  placeholders: { origin: ORIGIN_PLACEHOLDER, remoteBase: REMOTE_BASE_PLACEHOLDER },
  // Relative to the remote's base URL, like the manifest's own asset names.
  stylesheets,
  pages,
};
mkdirSync(path.join(dist, 'prerender'), { recursive: true });
writeFileSync(path.join(dist, 'prerender', 'index.json'), JSON.stringify(index));
console.log(`prerendered ${Object.keys(pages).join(', ')} -> dist/prerender/index.json`);
// Importing the store opens a BroadcastChannel, which would keep Node running.
process.exit(0);
