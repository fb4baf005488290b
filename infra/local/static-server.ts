// A small static file server: the shell behind the gateway, and each remote on its own port.
import { createReadStream, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.vtt', '.map']);
/** Files that name other files: they must be revalidated, or a new deploy is not seen. */
const ALWAYS_FRESH = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json|sitemap\.xml|robots\.txt|prerender\/index\.json)$/;

export interface StaticOptions {
  root: string;
  /** Serve index.html for paths that are not files (client-side routes). */
  spaFallback?: boolean;
  /** Allow any origin to read (remotes are fetched by the shell from another port). */
  cors?: boolean;
}

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

async function gzipped(file: string, mtimeMs: number): Promise<Buffer> {
  const cached = gzipCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const body = gzipSync(await readFile(file), { level: 6 });
  gzipCache.set(file, { mtimeMs, body });
  return body;
}

function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

function fileStat(file: string) {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** Answers a request from `options.root`; returns false when nothing matched (and nothing was sent). */
export async function serveFile(req: IncomingMessage, res: ServerResponse, options: StaticOptions): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const root = path.resolve(options.root);
  const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
  let file = resolveInside(root, urlPath === '/' ? '/index.html' : urlPath);
  let stat = file ? fileStat(file) : undefined;
  if (!stat && options.spaFallback && !path.extname(urlPath)) {
    file = path.join(root, 'index.html');
    stat = fileStat(file);
  }
  if (!file || !stat) return false;

  const ext = path.extname(file);
  const relative = path.relative(root, file).split(path.sep).join('/');
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Cache-Control',
    ALWAYS_FRESH.test(relative) || ext === '.html' ? 'no-cache' : 'public, max-age=31536000, immutable',
  );
  if (options.cors) res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Vary', 'Accept-Encoding');
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (acceptsGzip && COMPRESSIBLE.has(ext)) {
    const body = await gzipped(file, stat.mtimeMs);
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
  return true;
}

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

export function listen(server: http.Server, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** A server for one remote's build folder, readable from any origin. */
export function startStaticServer(root: string, port: number, host?: string): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
      return;
    }
    try {
      if (!(await serveFile(req, res, { root, cors: true }))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
        res.end('Not found');
      }
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    }
  });
  return listen(server, port, host);
}
