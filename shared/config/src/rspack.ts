import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { sharedSingletons } from './federation.ts';
import { PrecompressPlugin } from './precompress.ts';

const require = createRequire(import.meta.url);
const ROUTER_SUBSET = path.join(import.meta.dirname, 'router.ts');
/** The page a remote runs on alone (its dev page); an app with an index.html of its own (the shell) uses that. */
const STANDALONE_PAGE = path.join(import.meta.dirname, 'standalone.html');

function versionOf(pkg: string): string {
  const file = require.resolve(`${pkg}/package.json`);
  return `^${(JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version}`;
}

export interface AppOptions {
  /** Federation name; also the CSS scope and the output uniqueName. */
  name: string;
  /** The app's folder (import.meta.dirname of its rspack.config.ts). */
  dir: string;
  /** Port of the standalone dev server. */
  port: number;
  /** Modules a remote exposes; absent for the host. */
  exposes?: Record<string, string>;
  /** Runtime plugins (host only): files that export a federation runtime plugin. */
  runtimePlugins?: string[];
  /** Where the dev server proxies /api (the gateway by default). */
  apiTarget?: string;
}

/**
 * How an app's CSS Module classes are named. Anything else that renders the app's markup (the marketing
 * remote's build-time prerender) must use the same names, or its markup would not match the stylesheets.
 */
export function cssModuleNames(name: string) {
  return { localIdentName: `${name}__[local]--[hash:6]`, exportsConvention: 'camel-case-only' as const };
}

/** The rules every app compiles its sources, styles and media with. */
export function sourceRules(dev: boolean) {
  return [
    {
      test: /\.(tsx?|jsx?)$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
        },
      },
      type: 'javascript/auto' as const,
    },
    { test: /\.css$/, type: 'css/auto' as const },
    { test: /\.(png|jpe?g|svg|webp|vtt|mp4|webm|woff2?)$/, type: 'asset/resource' as const },
  ];
}

export function createAppConfig(opts: AppOptions, env: { mode?: string } = {}): Configuration {
  const mode = (env.mode ?? process.env.NODE_ENV) === 'development' ? 'development' : 'production';
  const dev = mode === 'development';
  const isHost = !opts.exposes;
  const outDir = process.env.KEISHA_OUT_DIR ? path.resolve(process.env.KEISHA_OUT_DIR) : path.join(opts.dir, 'dist');

  return {
    mode,
    context: opts.dir,
    entry: { main: './src/index.ts' },
    // Evergreen browsers only: ES2022 keeps native classes (no ES5 helpers, smaller bundles).
    target: ['web', 'es2022'],
    devtool: dev ? 'cheap-module-source-map' : false,
    output: {
      path: outDir,
      uniqueName: opts.name,
      // Remotes are served from their own origin: chunks must load from there, not from the host.
      publicPath: isHost ? '/' : 'auto',
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: dev ? '[name].css' : '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js'],
      // The shared router is the part of react-router-dom the apps use (see router.ts).
      alias: { 'react-router-dom$': ROUTER_SUBSET },
    },
    module: {
      // Custom properties stay global: @keisha/ui's styles read the ones a remote's own class sets
      // (--k-button-height, --k-card-padding...), as they read the design tokens.
      parser: { 'css/auto': { namedExports: false, dashedIdents: false } },
      generator: { 'css/auto': cssModuleNames(opts.name) },
      rules: sourceRules(dev),
    },
    plugins: [
      new ModuleFederationPlugin({
        name: opts.name,
        ...(isHost
          ? {
              shareStrategy: 'loaded-first' as const,
              runtimePlugins: opts.runtimePlugins ?? [],
              // The host hands its federation runtime to every remote (built for browsers only, without the
              // runtime's Node code paths: about 8 KB less)...
              experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
            }
          : {
              filename: 'remoteEntry.js',
              exposes: opts.exposes,
              // ...so a production remote does not ship a second copy (about 30 KB gzip each). A dev
              // build keeps its own, so `rspack serve` still runs the remote alone on its own page. The
              // remote's entry is built for browsers only too (about 8 KB less).
              experiments: { externalRuntime: !dev, optimization: { target: 'web' } },
            }),
        manifest: true,
        dts: false,
        shared: sharedSingletons({
          react: versionOf('react'),
          reactDom: versionOf('react-dom'),
          reactRouterDom: versionOf('react-router-dom'),
          reactRouterDomProvided: versionOf('react-router-dom').slice(1),
          zustand: versionOf('zustand'),
          store: versionOf('@keisha/store'),
          ui: versionOf('@keisha/ui'),
        }),
      }),
      new rspack.HtmlRspackPlugin(
        existsSync(path.join(opts.dir, 'index.html'))
          ? { template: path.join(opts.dir, 'index.html') }
          : { template: STANDALONE_PAGE, title: `Keisha ${opts.name} (standalone)` },
      ),
      new rspack.DefinePlugin({
        'process.env.KEISHA_BUILD_LABEL': JSON.stringify(process.env.KEISHA_BUILD_LABEL ?? ''),
      }),
      dev ? new ReactRefreshRspackPlugin() : null,
      // Served as they are by the edge and the remotes' servers (infra/local/static-server.ts).
      dev ? null : new PrecompressPlugin(),
    ].filter(Boolean),
    devServer: {
      // The launcher runs dev servers on the ports of the platform it starts (KEISHA_PORT + n).
      port: Number(process.env.KEISHA_DEV_PORT ?? opts.port),
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api', '/remotes.json'], target: opts.apiTarget ?? 'http://127.0.0.1:3000' }],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
