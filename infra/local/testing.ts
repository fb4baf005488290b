// Test support, for test files only (it uses vitest's expect): plain node:http servers standing in for services and
// remotes, on a port of their own, clients that keep an answer as sent, and the edge's tests' common set-ups and checks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { startGateway, type GatewayOptions, type RunningGateway } from './gateway.ts';
import type { RunningServer } from './static-server.ts';
import type { ServiceName } from './topology.ts';

export function listenHttp(server: http.Server, port = 0, host = '127.0.0.1'): Promise<RunningServer> {
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

/** A GET whose body is kept as the bytes sent (fetch would decode a compressed one), with the answer's headers. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** An answer as the edge's tests read it: status, headers and the body as text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request to 127.0.0.1:`port` with node:http, so the test controls the path exactly (fetch would normalise `..`)
 * and every header; the body is read as text.
 */
export function httpRequest(
  port: number,
  pathAndQuery: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The status, headers and body of an HTTP/1.x answer as a raw socket received it, or 'closed' when none came. */
export function parseRawAnswer(received: string): HttpAnswer | 'closed' {
  const match = /^HTTP\/1\.[01] (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(received);
  if (!match) return 'closed';
  const headers: http.IncomingHttpHeaders = {};
  for (const line of match[2]!.split('\r\n')) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(match[1]), headers, body: match[3]! };
}

/** Writes `files` (paths relative to `dir`, their folders made as needed) into `dir` and returns it. */
export function writeFolder(dir: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A new temporary folder holding `files`. */
export function tempFolder(files: Record<string, string>, prefix = 'keisha-test-'): string {
  return writeFolder(mkdtempSync(path.join(os.tmpdir(), prefix)), files);
}

/** An answer's Content-Security-Policy as directive -> sources. */
export function policyOf(answer: { headers: http.IncomingHttpHeaders }): Map<string, string[]> {
  const header = String(answer.headers['content-security-policy'] ?? '');
  return new Map(header.split(';').map((part) => part.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
}

/** Every service at one address: the serviceUrls of a gateway whose services one test server stands in for. */
export function allServicesAt(url: string): Record<ServiceName, string> {
  return { identity: url, decoder: url, chat: url, billing: url };
}

/** Service ports nothing listens on: for a gateway whose tests never reach a service. */
export const UNREACHABLE_SERVICE_PORTS: Record<ServiceName, number> = { identity: 1, decoder: 1, chat: 1, billing: 1 };

/** A gateway for a test: on a free port, for the local origin http://localhost:3000, unless `options` say otherwise. */
export function startTestGateway(options: Omit<GatewayOptions, 'port' | 'publicOrigin'> & Partial<Pick<GatewayOptions, 'port' | 'publicOrigin'>>): Promise<RunningGateway> {
  return startGateway({ port: 0, publicOrigin: 'http://localhost:3000', ...options });
}

/**
 * Expects an HTML page with a strict policy: no site may frame it, no plugins, no foreign base URL. Returns the
 * policy for the page's own further checks.
 */
export function expectStrictPage(page: HttpAnswer): Map<string, string[]> {
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const policy = policyOf(page);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  return policy;
}

/**
 * A request on a raw socket to 127.0.0.1:`port`: every byte, every pause and every header is the test's. The parts
 * are written `gapMs` apart; with `endAfterMs`, the test's side is ended that long after the first write (else only
 * the server closes). Resolves to the answer as it came (parseRawAnswer), or 'closed'.
 */
export function rawRequest(port: number, parts: Array<string | Buffer>, { gapMs = 0, endAfterMs }: { gapMs?: number; endAfterMs?: number } = {}): Promise<HttpAnswer | 'closed'> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(parseRawAnswer(received)));
    let i = 0;
    const next = () => {
      if (socket.destroyed || i >= parts.length) return;
      socket.write(parts[i++]!);
      setTimeout(next, gapMs);
    };
    next();
    if (endAfterMs !== undefined) setTimeout(() => socket.end(), endAfterMs);
  });
}

/** A maker of temporary folders for one test file (call it at the file's top level): all are removed after its last test. */
export function tempDirsForFile(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
