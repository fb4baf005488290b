// The build-time prerender bundle: the marketing App compiled for Node, so scripts/prerender.ts can render the
// public pages to HTML. It must name CSS classes and media files exactly as the browser build does (same
// localIdentName, same uniqueName, same content-hashed asset names), so the markup matches the real stylesheets.
import path from 'node:path';
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
      // Same names as shared/config/src/rspack.ts gives the browser build; the CSS itself is not needed here.
      'css/auto': { localIdentName: 'marketing__[local]--[hash:6]', exportsConvention: 'camel-case-only', exportsOnly: true },
      'asset/resource': { emit: false },
    },
    rules: [
      {
        test: /\.(tsx?|jsx?)$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
        type: 'javascript/auto',
      },
      { test: /\.css$/, type: 'css/auto' },
      { test: /\.(png|jpe?g|svg|webp|vtt|mp4|webm|woff2?)$/, type: 'asset/resource' },
    ],
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
