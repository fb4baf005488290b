// The build-time prerender bundle: the marketing App compiled for Node, so scripts/prerender.ts can render the
// public pages to HTML. It must name CSS classes and media files exactly as the browser build does (the shared
// config's class names and rules, the same uniqueName), so the markup matches the real stylesheets.
import path from 'node:path';
import { cssModuleNames, sourceRules } from '@keisha/config/rspack';
import { rspack, type Configuration } from '@rspack/core';

/** Replaced by the edge with the marketing remote's public base URL when it serves a prerendered page. */
export const REMOTE_BASE_PLACEHOLDER = '__KEISHA_MARKETING_BASE__/';

const config: Configuration = {
  mode: 'production',
  context: import.meta.dirname,
  target: ['node', 'es2022'],
  entry: { 'render-page': './src/features/seo/prerender/render-page.tsx' },
  output: {
    path: path.join(import.meta.dirname, 'dist-prerender'),
    uniqueName: 'marketing',
    filename: '[name].cjs',
    library: { type: 'commonjs2' },
    publicPath: REMOTE_BASE_PLACEHOLDER,
    clean: true,
  },
  optimization: { minimize: false },
  resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
  module: {
    parser: { 'css/auto': { namedExports: false } },
    generator: {
      // The browser build's class names; only the names are needed here, not the CSS.
      'css/auto': { ...cssModuleNames('marketing'), exportsOnly: true },
      'asset/resource': { emit: false },
    },
    rules: sourceRules(false),
  },
  plugins: [
    new rspack.DefinePlugin({
      'process.env.KEISHA_BUILD_LABEL': JSON.stringify(process.env.KEISHA_BUILD_LABEL ?? ''),
    }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};

export default config;
