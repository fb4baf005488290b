import { createAppConfig } from '@keisha/config/rspack';
import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';
import { robotsTxt, sitemapXml } from './src/features/seo/domain/sitemap.ts';

/** The public address of the site, for the absolute URLs of sitemap.xml and robots.txt. */
const SITE_URL = process.env.KEISHA_SITE_URL?.trim() || 'https://keisha.ai';

/**
 * Writes sitemap.xml and robots.txt into the build. The gateway serves the shell's folder at the site's root,
 * so these two files must be copied (or routed) there from this build: see mf-marketing/README.md.
 */
class SearchEngineFilesPlugin implements RspackPluginInstance {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('SearchEngineFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'SearchEngineFiles', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('sitemap.xml', new rspack.sources.RawSource(sitemapXml(SITE_URL, new Date())));
          compilation.emitAsset('robots.txt', new rspack.sources.RawSource(robotsTxt(SITE_URL)));
        },
      );
    });
  }
}

export default (env: { mode?: string } = {}) => {
  const config = createAppConfig(
    {
      name: 'marketing',
      dir: import.meta.dirname,
      port: 3001,
      exposes: { './App': './src/App.tsx' },
    },
    env,
  );
  config.plugins = [
    ...(config.plugins ?? []),
    new SearchEngineFilesPlugin(),
  ];
  return config;
};
