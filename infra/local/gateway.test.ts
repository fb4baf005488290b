// The gateway's options for running as the production edge, against real HTTP upstreams.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, upstreamBase, type RunningGateway } from './gateway.ts';
import { startStaticServer, type RunningServer } from './static-server.ts';
import { allServicesAt, getRaw, httpRequest, listenHttp, startTestGateway } from './testing.ts';

const SHELL_HTML = '<!doctype html><html><head><title>Keisha</title></head><body><div id="root"></div></body></html>';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An upstream that answers every request with what it received, as JSON. */
async function echoServer(name: string): Promise<RunningServer & { seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const record = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(record);
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Upstream': name });
      res.end(JSON.stringify(record));
    });
  });
  return Object.assign(await listenHttp(server), { seen });
}

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'keisha-gateway-'));
}

const SHELL_CHUNK = Array.from({ length: 200 }, (_, i) => `console.log("shell line ${i}");`).join('\n');
const SHELL_CHUNK_BR = brotliCompressSync(SHELL_CHUNK);

function shellDir(): string {
  const dir = path.join(tempDir(), 'shell');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'index.html'), SHELL_HTML);
  // A chunk with the Brotli copy a production build writes beside it (shared/config/src/precompress.ts).
  writeFileSync(path.join(dir, 'main.0a1b2c3d.js'), SHELL_CHUNK);
  writeFileSync(path.join(dir, 'main.0a1b2c3d.js.br'), SHELL_CHUNK_BR);
  return dir;
}

/** A raw request, so a test controls the path exactly (fetch would normalise `..`) and every header. */
const request = (port: number, pathAndQuery: string, headers: Record<string, string> = {}, method = 'GET', body?: string) =>
  httpRequest(port, pathAndQuery, { method, headers, body });

describe('the gateway with service URLs', () => {
  const upstreams: Record<string, RunningServer & { seen: Seen[] }> = {};
  let gateway: RunningGateway;

  beforeAll(async () => {
    for (const name of ['identity', 'decoder', 'chat', 'billing']) upstreams[name] = await echoServer(name);
    gateway = await startGateway({
      port: 0,
      publicOrigin: 'https://keisha.example',
      shellDir: shellDir(),
      serviceUrls: {
        identity: `http://127.0.0.1:${upstreams.identity!.port}`,
        decoder: `http://127.0.0.1:${upstreams.decoder!.port}/`,
        chat: `http://localhost:${upstreams.chat!.port}`,
        // A service mounted below a path on its host.
        billing: `http://127.0.0.1:${upstreams.billing!.port}/billing-svc`,
      },
      remotePorts: { marketing: 1, decoder: 1, chat: 1, account: 1 },
    });
  });
  afterAll(async () => {
    await gateway.close();
    await Promise.all(Object.values(upstreams).map((u) => u.close()));
  });

  it.each([
    ['/api/bias-auth/login', 'identity', '/api/bias-auth/login'],
    ['/api/bias-analysis?x=1', 'decoder', '/api/bias-analysis?x=1'],
    ['/api/chat/sessions/7', 'chat', '/api/chat/sessions/7'],
    ['/api/billing/plans', 'billing', '/billing-svc/api/billing/plans'],
  ])('sends %s to the %s service at its URL', async (route, service, upstreamPath) => {
    const response = await request(gateway.port, route, { 'content-type': 'application/json' }, 'POST', '{"a":1}');
    expect(response.status).toBe(200);
    expect(response.headers['x-upstream']).toBe(service);
    const seen = JSON.parse(response.body) as Seen;
    expect(seen.url).toBe(upstreamPath);
    expect(seen.method).toBe('POST');
    expect(seen.body).toBe('{"a":1}');
  });

  it("sends the shell's files compressed as the build wrote them, with their security headers", async () => {
    const answer = await getRaw(`http://127.0.0.1:${gateway.port}/main.0a1b2c3d.js`, { 'accept-encoding': 'gzip, br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // The build's copy itself, not one compressed again for this answer.
    expect(answer.body.equals(SHELL_CHUNK_BR)).toBe(true);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SHELL_CHUNK);
  });

  it("sends the upstream's own Host, the configured public host as X-Forwarded-Host, and the client address", async () => {
    const response = await request(gateway.port, '/api/chat', { host: 'attacker.example', 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example' });
    const seen = JSON.parse(response.body) as Seen;
    expect(seen.headers.host).toBe(`localhost:${upstreams.chat!.port}`);
    expect(seen.headers['x-forwarded-host']).toBe('keisha.example');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    // Nobody is trusted: a sent X-Forwarded-For is replaced by the connection's address.
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('refuses a path with dot segments instead of sending it anywhere', async () => {
    const before = upstreams.chat!.seen.length;
    const response = await request(gateway.port, '/api/chat/../../health/ready');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    expect(upstreams.chat!.seen.length).toBe(before);
  });

  it('adds Secure to the cookies of an https site', async () => {
    const cookieServer = await listenHttp(
      http.createServer((_req, res) => {
        res.setHeader('Set-Cookie', ['a=1; Path=/; HttpOnly', 'b=2; Secure; SameSite=Strict']);
        res.end('{}');
      }),
    );
    const url = `http://127.0.0.1:${cookieServer.port}`;
    const options = { port: 0, shellDir: shellDir(), serviceUrls: allServicesAt(url) };
    const secure = await startGateway({ ...options, publicOrigin: 'https://keisha.example' });
    const plain = await startGateway({ ...options, publicOrigin: 'http://localhost:3000' });
    expect((await request(secure.port, '/api/auth/refresh')).headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly; Secure', 'b=2; Secure; SameSite=Strict']);
    expect((await request(plain.port, '/api/auth/refresh')).headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Secure; SameSite=Strict']);
    await Promise.all([secure.close(), plain.close(), cookieServer.close()]);
  });

  it('answers 502 in the error shape when a service is down', async () => {
    const down = await echoServer('down');
    const port = down.port;
    await down.close();
    const lonely = await startTestGateway({
      shellDir: shellDir(),
      serviceUrls: { identity: `http://127.0.0.1:${port}`, decoder: `http://127.0.0.1:${port}`, chat: `http://127.0.0.1:${port}`, billing: `http://127.0.0.1:${port}` },
    });
    const response = await request(lonely.port, '/api/waitlist');
    await lonely.close();
    expect(response.status).toBe(502);
    expect(JSON.parse(response.body)).toEqual({
      success: false,
      error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The identity service is not reachable. Please try again shortly.' },
    });
  });

  it('refuses to start on a URL it cannot proxy to, naming it', async () => {
    const base = { port: 0, publicOrigin: 'http://localhost:3000', shellDir: shellDir() };
    const urls = { identity: 'http://a', decoder: 'http://b', chat: 'http://c', billing: 'http://d' };
    await expect(startGateway({ ...base, serviceUrls: { ...urls, chat: 'ftp://c' } })).rejects.toThrow(/chat service URL/);
    await expect(startGateway({ ...base, serviceUrls: { ...urls, billing: 'http://d/?x=1' } })).rejects.toThrow(/billing service URL/);
    await expect(startGateway(base)).rejects.toThrow(/serviceUrls or servicePorts/);
  });
});

describe('the gateway serving remotes from the cluster', () => {
  let remote: RunningServer;
  let gateway: RunningGateway;
  let remotesFile: string;
  const origin = 'https://keisha.example';

  beforeAll(async () => {
    const root = tempDir();
    const remoteDir = path.join(root, 'marketing');
    mkdirSync(path.join(remoteDir, 'prerender'), { recursive: true });
    writeFileSync(path.join(remoteDir, 'mf-manifest.json'), '{"name":"marketing"}');
    writeFileSync(path.join(remoteDir, 'main.abc12345.js'), 'export const x = 1;');
    writeFileSync(
      path.join(remoteDir, 'prerender', 'index.json'),
      JSON.stringify({
        version: 1,
        remote: 'marketing',
        placeholders: { origin: 'https://keisha-origin.invalid', remoteBase: '__BASE__/' },
        stylesheets: ['816.abcdef12.css'],
        pages: {
          '/faq': {
            page: 'faq',
            path: '/faq',
            title: 'Keisha | FAQ',
            head: [{ kind: 'canonical', href: 'https://keisha-origin.invalid/faq' }],
            html: '<div data-page="faq"><img src="__BASE__/poster.webp" alt="">FAQ</div>',
          },
        },
      }),
    );
    remote = await startStaticServer(remoteDir, 0);
    remotesFile = path.join(root, 'remotes.json');
    writeFileSync(
      remotesFile,
      JSON.stringify({
        marketing: `${origin}/remotes/marketing/mf-manifest.json`,
        decoder: 'https://cdn.example/decoder/v1/mf-manifest.json',
        chat: 'https://cdn.example/chat/v1/mf-manifest.json',
        account: 'https://cdn.example/account/v1/mf-manifest.json',
      }),
    );
    gateway = await startGateway({
      port: 0,
      shellDir: shellDir(),
      serviceUrls: { identity: 'http://127.0.0.1:1', decoder: 'http://127.0.0.1:1', chat: 'http://127.0.0.1:1', billing: 'http://127.0.0.1:1' },
      remoteUrls: { marketing: `http://127.0.0.1:${remote.port}` },
      remotesFile,
      publicOrigin: `${origin}/`,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await remote.close();
  });

  it("serves a remote's files at /remotes/<name>/ with the remote's own headers", async () => {
    const manifest = await request(gateway.port, '/remotes/marketing/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toBe('{"name":"marketing"}');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const chunk = await request(gateway.port, '/remotes/marketing/main.abc12345.js?v=1');
    expect(chunk.headers['cache-control']).toContain('immutable');
    expect((await request(gateway.port, '/remotes/marketing/nothing.js')).status).toBe(404);
  });

  it('never lets a remote path climb out of the remote', async () => {
    const response = await request(gateway.port, '/remotes/marketing/..%2f..%2fetc%2fpasswd');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).success).toBe(false);
  });

  it('leaves /remotes/ paths of remotes it does not serve to the shell', async () => {
    expect((await request(gateway.port, '/remotes/decoder/a-page')).body).toBe(SHELL_HTML);
    expect((await request(gateway.port, '/remotes/decoder/mf-manifest.json')).status).toBe(404);
  });

  it("prerenders from the in-cluster remote, with the public origin in the page's URLs", async () => {
    const page = await request(gateway.port, '/faq', { host: 'internal-name:3000' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-prerendered-page="faq"');
    expect(page.body).toContain(`<link rel="canonical" href="${origin}/faq" data-prerendered>`);
    expect(page.body).toContain(`src="${origin}/remotes/marketing/poster.webp"`);
    expect(page.body).toContain(`<link rel="stylesheet" href="${origin}/remotes/marketing/816.abcdef12.css">`);
  });

  it('answers 503 for /remotes.json when the registry file is gone and there are no ports to fall back on', async () => {
    const bare = await startTestGateway({
      shellDir: shellDir(),
      serviceUrls: { identity: 'http://a', decoder: 'http://b', chat: 'http://c', billing: 'http://d' },
      remotesFile: path.join(tempDir(), 'missing.json'),
    });
    const response = await request(bare.port, '/remotes.json');
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body).error.code).toBe('REGISTRY_UNAVAILABLE');
    expect((await request(bare.port, '/faq')).body).toBe(SHELL_HTML);
    await bare.close();
  });
});

describe('forwarded headers behind a trusted proxy', () => {
  it('states the client address to the services end to end', async () => {
    const upstream = await echoServer('chat');
    const url = `http://127.0.0.1:${upstream.port}`;
    const gateway = await startTestGateway({
      shellDir: shellDir(),
      serviceUrls: allServicesAt(url),
      trustProxy: ['127.0.0.1'],
    });
    const headers = (forwarded: Record<string, string>) => request(gateway.port, '/api/chat', forwarded).then((r) => (JSON.parse(r.body) as Seen).headers);
    // The reader may send their own header first; only what the trusted hops appended is believed.
    const seen = await headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen['x-forwarded-proto']).toBe('https');
    // The site's host is configuration, whoever claims otherwise.
    expect(seen['x-forwarded-host']).toBe('localhost:3000');
    // Garbage in the chain names the hop that handed it over.
    expect((await headers({ 'x-forwarded-for': 'nonsense' }))['x-forwarded-for']).toBe('127.0.0.1');
    await gateway.close();
    await upstream.close();
  });
});

describe('upstreamBase', () => {
  it('keeps a base path and ends it with a slash', () => {
    expect(upstreamBase('http://billing:4004', 'x').href).toBe('http://billing:4004/');
    expect(upstreamBase('https://cdn.example/a/b', 'x').href).toBe('https://cdn.example/a/b/');
  });

  it.each(['billing:4004', 'file:///etc', 'http://u:p@h/', 'http://h/#x'])('refuses %s', (value) => {
    expect(() => upstreamBase(value, 'the URL')).toThrow(/the URL/);
  });
});

describe('draining the gateway', () => {
  it('lets an answer in flight finish, refuses new connections, and resolves once all are closed', async () => {
    // A service that streams its answer slowly, like a chat reply.
    const slow = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first ');
      setTimeout(() => res.end('last'), 400);
    });
    const upstream = await listenHttp(slow);
    const url = `http://127.0.0.1:${upstream.port}`;
    const gateway = await startTestGateway({
      shellDir: shellDir(),
      serviceUrls: allServicesAt(url),
    });
    const agent = new http.Agent({ keepAlive: true });
    const answer = new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: gateway.port, path: '/api/chat', agent }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      }).on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const drained = gateway.drain(5000);
    await expect(fetch(`http://127.0.0.1:${gateway.port}/health`)).rejects.toThrow();
    expect(await answer).toBe('first last');
    await drained;
    // Closed when the answer ended, not at the keep-alive timeout or the drain's limit.
    expect(Date.now() - started).toBeLessThan(2000);
    agent.destroy();
    await upstream.close();
  });

  it('cuts what is still running when the time is up', async () => {
    const never = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('started');
    });
    const upstream = await listenHttp(never);
    const url = `http://127.0.0.1:${upstream.port}`;
    const gateway = await startTestGateway({ shellDir: shellDir(), serviceUrls: allServicesAt(url) });
    const ended = new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port: gateway.port, path: '/api/chat' }, (res) => {
        res.on('data', () => {});
        res.on('close', () => resolve('cut'));
      }).on('error', () => resolve('cut'));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await gateway.drain(300);
    expect(await ended).toBe('cut');
    await upstream.close();
  });
});
