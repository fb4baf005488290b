// The local edge: serves the shell, answers /remotes.json, and proxies /api/* to the owning service.
// In production an ingress plays this role (infra/k8s).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { composeDocument, createPrerenderSource, pageForPath, remoteBaseOf } from './prerender.ts';
import { listen, serveFile, type RunningServer } from './static-server.ts';
import { REMOTES, serviceForPath, type RemoteName, type ServiceName } from './topology.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  shellDir: string;
  /** Where each remote's manifest is served from (its own port on the same host as the page). */
  remotePorts: Record<RemoteName, number>;
  servicePorts: Record<ServiceName, number>;
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

function remotesJson(req: IncomingMessage, options: GatewayOptions): string {
  if (options.remotesFile && existsSync(options.remotesFile)) return readFileSync(options.remotesFile, 'utf8');
  const hostname = hostnameOf(req);
  const entries = Object.fromEntries(
    REMOTES.map((name) => [name, `http://${hostname}:${options.remotePorts[name]}/mf-manifest.json`]),
  );
  return JSON.stringify(entries, null, 2);
}

/** The site's origin as the reader reached it, from a Host header reduced to a hostname and port. */
function originOf(req: IncomingMessage, fallbackPort: number): string {
  const port = /:(\d{1,5})$/.exec(String(req.headers.host ?? ''))?.[1] ?? String(fallbackPort);
  return `http://${hostnameOf(req)}:${port}`;
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
): Promise<string | undefined> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (pathname !== '/' && /\.[a-z0-9]+$/i.test(pathname)) return undefined; // files are never pages
  let registry: unknown;
  try {
    registry = JSON.parse(remotesJson(req, options));
  } catch {
    return undefined;
  }
  const manifestUrl = (registry as Record<string, unknown> | null)?.marketing;
  const remoteBase = typeof manifestUrl === 'string' ? remoteBaseOf(manifestUrl) : undefined;
  if (!remoteBase) return undefined;
  const index = await source.indexFor(remoteBase);
  const page = index && pageForPath(index, pathname);
  if (!index || !page) return undefined;
  let shellHtml: string;
  try {
    shellHtml = readFileSync(path.join(options.shellDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  return composeDocument(shellHtml, index, page, { origin: originOf(req, options.port), remoteBase });
}

function proxy(req: IncomingMessage, res: ServerResponse, port: number, service: ServiceName) {
  const remoteAddress = req.socket.remoteAddress ?? '';
  const headers = { ...req.headers };
  // The gateway is the edge: it states the client address itself rather than trusting one sent to it.
  headers['x-forwarded-for'] = remoteAddress;
  headers['x-forwarded-host'] = String(req.headers.host ?? '');
  headers['x-forwarded-proto'] = 'http';
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      jsonError(res, 502, 'UPSTREAM_UNAVAILABLE', `The ${service} service is not reachable. Please try again shortly.`);
    } else res.destroy();
  });
  // A client that goes away (a stopped stream) aborts the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}

export function startGateway(options: GatewayOptions): Promise<RunningServer> {
  const prerendered = createPrerenderSource();
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    try {
      if (pathname.startsWith('/api/') || pathname === '/api') {
        const service = serviceForPath(pathname);
        if (!service) return jsonError(res, 404, 'NOT_FOUND', `No API route ${pathname}`);
        return proxy(req, res, options.servicePorts[service], service);
      }
      if (pathname === '/remotes.json') {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return res.end(remotesJson(req, options));
      }
      if ((pathname === '/robots.txt' || pathname === '/sitemap.xml') && options.marketingDir) {
        if (await serveFile(req, res, { root: options.marketingDir })) return;
      }
      if (pathname === '/health') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"status":"ok","service":"gateway"}');
      }
      const document = await prerenderedDocument(req, pathname, options, prerendered);
      if (document !== undefined) {
        const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const body = gzip ? gzipSync(document) : Buffer.from(document);
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
  return listen(server, options.port, options.host);
}
