// The edge: serves the shell, answers /remotes.json, and proxies /api/* to the owning service. Locally the
// launcher runs it beside every part; in production it runs in a container behind the ingress (infra/edge).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { createComposedPages, createPrerenderSource, pageForPath, remoteBaseOf, type ComposedPage } from './prerender.ts';
import { listen, serveFile, type RunningServer } from './static-server.ts';
import { REMOTES, SERVICES, serviceForPath, type RemoteName, type ServiceName } from './topology.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  shellDir: string;
  /**
   * Where each remote's manifest is served from (its own port on the same host as the page), for the
   * default remotes.json. Without it, and without a readable remotesFile, /remotes.json answers 503.
   */
  remotePorts?: Record<RemoteName, number>;
  /** The services on 127.0.0.1 (the local run). */
  servicePorts?: Record<ServiceName, number>;
  /**
   * The services' base URLs (`http://identity:4001` in a cluster), used instead of servicePorts when given.
   * Requests reach them with the upstream's own Host header; the reader's is sent as X-Forwarded-Host.
   */
  serviceUrls?: Record<ServiceName, string>;
  /**
   * Remotes served through the gateway at `/remotes/<name>/` (the in-cluster option, where the ingress
   * reaches only the edge): their base URLs. The gateway also reads a prerender index from there directly.
   */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /** The site's origin as readers reach it (`https://keisha.example`); default: from the request's Host header. */
  publicOrigin?: string;
  /**
   * Addresses or CIDR ranges of the proxies in front of the gateway (the ingress controller). From those
   * peers, X-Forwarded-For/-Proto/-Host are believed; from anyone else they are replaced, as by default.
   */
  trustProxy?: string[];
  /** The marketing build, which owns robots.txt and sitemap.xml for the whole site. */
  marketingDir?: string;
  /**
   * A remotes.json to serve as is instead of the default, re-read on every request: re-pointing a
   * remote is editing this file, with no shell rebuild and no restart.
   */
  remotesFile?: string;
}

function jsonError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ success: false, error: { code, message } }));
}

function hostnameOf(req: IncomingMessage): string {
  const host = String(req.headers.host ?? 'localhost');
  // Keep only a hostname (or a bracketed IPv6 address); never echo anything else into a URL.
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d+)?$/.exec(host);
  return match?.[1] ?? 'localhost';
}

/** The registry's text, or undefined when there is none to give (no remotesFile readable, no remotePorts). */
function remotesJson(req: IncomingMessage, options: GatewayOptions): string | undefined {
  if (options.remotesFile) {
    try {
      return readFileSync(options.remotesFile, 'utf8');
    } catch {
      // not there (yet): the default, when there is one
    }
  }
  const ports = options.remotePorts;
  if (!ports) return undefined;
  const hostname = hostnameOf(req);
  const entries = Object.fromEntries(REMOTES.map((name) => [name, `http://${hostname}:${ports[name]}/mf-manifest.json`]));
  return JSON.stringify(entries, null, 2);
}

/** The site's origin: the configured public one, or as the reader reached it (a Host header reduced to a hostname and port). */
function originOf(req: IncomingMessage, options: GatewayOptions): string {
  if (options.publicOrigin) return options.publicOrigin;
  const port = /:(\d{1,5})$/.exec(String(req.headers.host ?? ''))?.[1] ?? String(options.port);
  return `http://${hostnameOf(req)}:${port}`;
}

/** A base URL for proxying: http(s) only, no query or credentials, ending in `/`. Throws with the offending value. */
export function upstreamBase(value: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${label} must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${label} must be a plain http(s) base URL, got "${value}"`);
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

interface Upstream {
  base: URL;
  /** The local run sends the reader's Host on to services on 127.0.0.1, as it always has. */
  keepHost: boolean;
}

function serviceUpstreams(options: GatewayOptions): Record<ServiceName, Upstream> {
  const { serviceUrls, servicePorts } = options;
  if (!serviceUrls && !servicePorts) throw new Error('The gateway needs serviceUrls or servicePorts');
  return Object.fromEntries(
    SERVICES.map((name) => [
      name,
      serviceUrls
        ? { base: upstreamBase(serviceUrls[name], `the ${name} service URL`), keepHost: false }
        : { base: new URL(`http://127.0.0.1:${servicePorts![name]}/`), keepHost: true },
    ]),
  ) as Record<ServiceName, Upstream>;
}

function remoteUpstreams(options: GatewayOptions): Map<RemoteName, Upstream> {
  const upstreams = new Map<RemoteName, Upstream>();
  for (const name of REMOTES) {
    const url = options.remoteUrls?.[name];
    if (url) upstreams.set(name, { base: upstreamBase(url, `the ${name} remote URL`), keepHost: false });
  }
  return upstreams;
}

/** The remote a `/remotes/<name>/...` path names, and the rest of the path after its prefix. */
function proxiedRemotePath(pathname: string): { name: RemoteName; rest: string } | undefined {
  const match = /^\/remotes\/([a-z]+)\/(.*)$/s.exec(pathname);
  const name = match?.[1] as RemoteName | undefined;
  return match && name && (REMOTES as readonly string[]).includes(name) ? { name, rest: match[2] ?? '' } : undefined;
}

/** IPv4 peers of a dual-stack socket arrive as ::ffff:a.b.c.d; rules and headers name them as a.b.c.d. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The trusted proxies as a BlockList; throws naming the first entry that is neither an address nor a CIDR range. */
export function trustedProxies(entries: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = net.isIP(plainAddress(address));
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxPrefix = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (prefix !== undefined && (!/^\d{1,3}$/.test(bits!) || prefix > maxPrefix))) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plainAddress(address), type);
    else list.addSubnet(plainAddress(address), prefix, type);
  }
  return list;
}

function isTrusted(list: net.BlockList | undefined, address: string): boolean {
  const plain = plainAddress(address);
  const family = net.isIP(plain);
  return Boolean(list && family && list.check(plain, family === 6 ? 'ipv6' : 'ipv4'));
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  return text?.split(',')[0]?.trim() || undefined;
}

/**
 * What the gateway states about the reader to the services. It is the edge, so it states the client address
 * itself: the connection's peer, or, when that peer is a trusted proxy, the nearest untrusted address that
 * proxy's X-Forwarded-For chain names (read from the right, as the services read it).
 */
export function forwardedFor(
  peer: string,
  headers: IncomingHttpHeaders,
  trusted: net.BlockList | undefined,
): { for: string; proto: 'http' | 'https'; host: string } {
  const ownHost = String(headers.host ?? '');
  if (!isTrusted(trusted, peer)) return { for: peer, proto: 'http', host: ownHost };
  const chain = String(headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => plainAddress(entry.trim()))
    .filter(Boolean);
  let client = plainAddress(peer);
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!;
    if (!net.isIP(hop)) break; // garbage: the hop that handed it over is the last one we can name
    client = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  const proto = firstValue(headers['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return { for: client, proto, host: firstValue(headers['x-forwarded-host']) ?? ownHost };
}

/**
 * Where the gateway itself reads a remote's files: straight from the remote when its public base is one the
 * gateway serves at `/remotes/<name>/` on the site's own origin (no round trip through the ingress).
 */
function fetchBaseOf(remoteBase: string, siteOrigin: string, remotes: Map<RemoteName, Upstream>): string {
  const url = new URL(remoteBase);
  if (url.origin !== siteOrigin) return remoteBase;
  const proxied = proxiedRemotePath(url.pathname);
  const upstream = proxied && remotes.get(proxied.name);
  return upstream ? new URL(proxied.rest, upstream.base).href : remoteBase;
}

/**
 * The shell's page with the marketing remote's prerendered markup in it, when the path is one of that remote's
 * prerendered pages (see prerender.ts); undefined otherwise, and the plain shell is served.
 */
async function prerenderedDocument(
  req: IncomingMessage,
  pathname: string,
  options: GatewayOptions,
  source: ReturnType<typeof createPrerenderSource>,
  composed: ReturnType<typeof createComposedPages>,
  remotes: Map<RemoteName, Upstream>,
): Promise<ComposedPage | undefined> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (pathname !== '/' && /\.[a-z0-9]+$/i.test(pathname)) return undefined; // files are never pages
  // A reader with a session gets the chat at `/`, not the landing page: identity's readable hint cookie says so.
  if (pathname === '/' && hasSessionHint(req)) return undefined;
  let registry: unknown;
  try {
    registry = JSON.parse(remotesJson(req, options) ?? 'null');
  } catch {
    return undefined;
  }
  const manifestUrl = (registry as Record<string, unknown> | null)?.marketing;
  const remoteBase = typeof manifestUrl === 'string' ? remoteBaseOf(manifestUrl) : undefined;
  if (!remoteBase) return undefined;
  const origin = originOf(req, options);
  const index = await source.indexFor(fetchBaseOf(remoteBase, origin, remotes));
  const page = index && pageForPath(index, pathname);
  if (!index || !page) return undefined;
  let shellHtml: string;
  try {
    shellHtml = readFileSync(path.join(options.shellDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  return composed.get(shellHtml, index, page, { origin, remoteBase });
}

/** Identity's readable companion of the refresh cookie (SESSION_HINT_COOKIE in @keisha/contracts/identity). */
export const SESSION_HINT_COOKIE = 'keisha_session';

function hasSessionHint(req: IncomingMessage): boolean {
  const cookies = String(req.headers.cookie ?? '').split(';').map((part) => part.trim());
  return cookies.includes(`${SESSION_HINT_COOKIE}=1`);
}

/** Sends the request on to `target` (a path starting with `/`, below the upstream's base) and streams the answer back. */
function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: Upstream,
  target: string,
  unreachable: string,
  trusted: net.BlockList | undefined,
) {
  const headers = { ...req.headers };
  const forwarded = forwardedFor(req.socket.remoteAddress ?? '', req.headers, trusted);
  headers['x-forwarded-for'] = forwarded.for;
  headers['x-forwarded-host'] = forwarded.host;
  headers['x-forwarded-proto'] = forwarded.proto;
  const { base } = upstream;
  if (!upstream.keepHost) headers.host = base.host;
  // Joined as text, not resolved as a URL: the path reaches the upstream exactly as it was routed here.
  const requestPath = base.pathname.replace(/\/$/, '') + target;
  const request = (base.protocol === 'https:' ? https : http).request(
    { protocol: base.protocol, hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'), port: base.port, method: req.method, path: requestPath, headers },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  request.on('error', () => {
    if (!res.headersSent) jsonError(res, 502, 'UPSTREAM_UNAVAILABLE', unreachable);
    else res.destroy();
  });
  // A client that goes away (a stopped stream) aborts the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) request.destroy();
  });
  req.pipe(request);
}

export interface RunningGateway extends RunningServer {
  /**
   * Stops taking connections and lets requests in flight finish (a streamed chat answer included) for up to
   * `timeoutMs`, then cuts what is left. Resolves once every connection is closed.
   */
  drain(timeoutMs: number): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const services = serviceUpstreams(options);
  const remotes = remoteUpstreams(options);
  const trusted = options.trustProxy ? trustedProxies(options.trustProxy) : undefined;
  if (options.publicOrigin) {
    // An origin only: `https://keisha.example/` and `https://keisha.example` are the same site.
    options = { ...options, publicOrigin: upstreamBase(options.publicOrigin, 'the public origin').origin };
  }
  const prerendered = createPrerenderSource();
  const composedPages = createComposedPages();
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (pathname.startsWith('/api/') || pathname === '/api') {
        const service = serviceForPath(pathname);
        if (!service) return jsonError(res, 404, 'NOT_FOUND', `No API route ${pathname}`);
        const unreachable = `The ${service} service is not reachable. Please try again shortly.`;
        return proxy(req, res, services[service], req.url ?? pathname, unreachable, trusted);
      }
      const proxiedRemote = proxiedRemotePath(pathname);
      const remote = proxiedRemote && remotes.get(proxiedRemote.name);
      if (proxiedRemote && remote) {
        const query = (req.url ?? '').slice(pathname.length);
        const unreachable = `The ${proxiedRemote.name} remote is not reachable. Please try again shortly.`;
        return proxy(req, res, remote, `/${proxiedRemote.rest}${query}`, unreachable, trusted);
      }
      if (pathname === '/remotes.json') {
        const registry = remotesJson(req, options);
        if (registry === undefined) return jsonError(res, 503, 'REGISTRY_UNAVAILABLE', 'The remotes registry is not available.');
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(registry);
      }
      if ((pathname === '/robots.txt' || pathname === '/sitemap.xml') && options.marketingDir) {
        if (await serveFile(req, res, { root: options.marketingDir })) return;
      }
      if (pathname === '/health') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"status":"ok","service":"gateway"}');
      }
      const document = await prerenderedDocument(req, pathname, options, prerendered, composedPages, remotes);
      if (document !== undefined) {
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const body = document.body(gzip);
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': body.length,
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
          Vary: 'Accept-Encoding',
          ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
        });
        return res.end(req.method === 'HEAD' ? undefined : body);
      }
      if (await serveFile(req, res, { root: options.shellDir, spaFallback: true })) return;
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    } catch {
      if (!res.headersSent) jsonError(res, 500, 'INTERNAL', 'The gateway failed to answer.');
      else res.destroy();
    }
  });
  server.requestTimeout = 0; // streamed chat answers may run long; services bound their own work
  const running = await listen(server, options.port, options.host);
  return {
    ...running,
    drain: (timeoutMs) =>
      new Promise<void>((resolve) => {
        // A keep-alive connection goes idle once its answer is sent: close it then, not at its keep-alive timeout.
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const cut = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
