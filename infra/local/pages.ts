// The site's pages: the shell's index.html for every client-side route, with the marketing remote's prerendered
// markup composed in where that remote prerenders the path, and each page's own Content-Security-Policy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, type GatewayOptions } from './gateway-options.ts';
import { createComposedPages, createPrerenderSource, pageForPath, remoteBaseOf, type ComposedPage } from './prerender.ts';
import type { RequestObservation } from './request-observation.ts';
import { documentDirectives, hasPayPalButton, inlineScriptHashes, policyText, registryOrigins } from './security.ts';
import type { RemoteName } from './topology.ts';
import { fetchBaseOf, remotesJson } from './upstreams.ts';

/** Identity's readable companion of the refresh cookie (SESSION_HINT_COOKIE in @keisha/contracts/identity). */
export const SESSION_HINT_COOKIE = 'keisha_session';

function hasSessionHint(request: FastifyRequest): boolean {
  const cookies = String(request.headers.cookie ?? '').split(';').map((part) => part.trim());
  return cookies.includes(`${SESSION_HINT_COOKIE}=1`);
}

export interface PageContext {
  options: Pick<GatewayOptions, 'shellDir' | 'remotesFile' | 'remotePorts' | 'hotReload'>;
  publicOrigin: URL;
  https: boolean;
  remotes: Map<RemoteName, URL>;
  observation: RequestObservation;
}

/** Answers a request with the site's page for its path (a path with a file extension is never a page: 404). */
export function createDocumentServer({ options, publicOrigin, https, remotes, observation }: PageContext) {
  const siteOrigin = publicOrigin.origin;
  const prerendered = createPrerenderSource();
  const composedPages = createComposedPages();

  /** The shell's page with the marketing remote's prerendered markup in it, for a path that remote prerenders. */
  async function prerenderedPage(request: FastifyRequest, pathname: string, shellHtml: string, registry: string | undefined): Promise<ComposedPage | undefined> {
    // A reader with a session gets the chat at `/`, not the landing page: identity's readable hint cookie says so.
    if (pathname === '/' && hasSessionHint(request)) return undefined;
    let manifestUrl: unknown;
    try {
      manifestUrl = (JSON.parse(registry ?? 'null') as Record<string, unknown> | null)?.marketing;
    } catch {
      return undefined;
    }
    const remoteBase = typeof manifestUrl === 'string' ? remoteBaseOf(manifestUrl) : undefined;
    if (!remoteBase) return undefined;
    const index = await prerendered.indexFor(fetchBaseOf(remoteBase, siteOrigin, remotes));
    const page = index && pageForPath(index, pathname);
    if (!index || !page) return undefined;
    return composedPages.get(shellHtml, index, page, { origin: siteOrigin, remoteBase });
  }

  /** A page of the site: the shell (a client-side route), with a prerendered page in it where there is one. */
  return async function serveDocument(request: FastifyRequest, reply: FastifyReply) {
    observation.markRoute(request, { route: 'page', target: 'none' });
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname !== '/' && /\.[a-z0-9]+$/i.test(pathname)) return reply.callNotFound(); // files are never pages
    let shellHtml: string;
    try {
      shellHtml = readFileSync(path.join(options.shellDir, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).send(errorBody('SHELL_UNAVAILABLE', 'The site is not built yet.'));
    }
    const registry = remotesJson(options, publicOrigin);
    const page = await prerenderedPage(request, pathname, shellHtml, registry);
    const policy = documentDirectives({
      remoteOrigins: registryOrigins(registry),
      scriptHashes: [...inlineScriptHashes(shellHtml), ...(page?.scriptHashes ?? [])],
      styleHashes: page?.styleHashes ?? [],
      styleAttributeHashes: page?.styleAttributeHashes ?? [],
      https,
      hotReload: options.hotReload,
      paypal: hasPayPalButton(pathname),
    });
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', policyText(policy))
      .send(page?.html ?? shellHtml);
  };
}
