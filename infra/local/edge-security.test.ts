// The edge as an attacker meets it, over real HTTP: a forged Host header, oversized, slow and broken
// requests, and the headers every page carries.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, MAX_BODY_BYTES, type RunningGateway } from './gateway.ts';
import { hashSource } from './security.ts';
import { listen, startStaticServer, type RunningServer } from './static-server.ts';
import { allServicesAt, expectStrictPage, type HttpAnswer as Answer, httpRequest, listenHttp, policyOf, rawRequest, startTestGateway, tempFolder, UNREACHABLE_SERVICE_PORTS } from './testing.ts';

const THEME_SCRIPT = 'try{document.documentElement.dataset.theme="dark"}catch(e){}';
const SHELL_HTML =
  `<!doctype html><html><head><title>Keisha</title><meta name="keywords" content="${'A page of some size. '.repeat(80)}">` +
  `<script>${THEME_SCRIPT}</script><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>`;

function prerenderIndex(html: string) {
  return JSON.stringify({
    version: 1,
    remote: 'marketing',
    placeholders: { origin: 'https://keisha-origin.invalid', remoteBase: '__BASE__/' },
    stylesheets: ['page.aaaaaaaa.css'],
    pages: {
      '/pricing': { page: 'pricing', path: '/pricing', title: 'Pricing', head: [], html },
      '/': { page: 'landing', path: '/', title: 'Home', head: [], html: '<div style="--score:68">Home</div>' },
    },
  });
}

const folder = (files: Record<string, string>) => tempFolder(files, 'keisha-edge-security-');

/** A marketing remote serving `html` as its prerendered pricing page, with `css` as the page's stylesheet. */
const pricingRemote = (html: string, css: string, port = 0, host?: string) =>
  startStaticServer(folder({ 'prerender/index.json': prerenderIndex(html), 'page.aaaaaaaa.css': css }), port, host);

const get = (port: number, pathAndQuery: string, headers: Record<string, string> = {}) => httpRequest(port, pathAndQuery, { headers });

describe('a forged Host header', () => {
  let remote: RunningServer;
  let attacker: RunningServer;
  let gateway: RunningGateway;

  beforeAll(async () => {
    remote = await pricingRemote('<div data-page="pricing">Our prices</div>', '.p{color:red}');
    // The attacker listens on the same port of another loopback address, serving a page with a script in it.
    attacker = await pricingRemote('<div data-page="pricing"><script>steal()</script></div>', '', remote.port, '127.0.0.2');
    gateway = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      remotePorts: { marketing: remote.port, decoder: 3002, chat: 3003, account: 3004 },
      servicePorts: UNREACHABLE_SERVICE_PORTS,
    });
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), remote.close(), attacker.close()]);
  });

  it('never makes the edge fetch a page from where the header points', async () => {
    const page = await get(gateway.port, '/pricing', { host: `127.0.0.2:${gateway.port}` });
    expect(page.body).not.toContain('steal()');
    expect(page.body).toContain('Our prices');
  });

  it('never changes the registry, the canonical origin or the remote URLs the browser is given', async () => {
    const registry = JSON.parse((await get(gateway.port, '/remotes.json', { host: 'evil.example:3000' })).body) as Record<string, string>;
    expect(registry.marketing).toBe(`http://localhost:${remote.port}/mf-manifest.json`);
    const page = await get(gateway.port, '/pricing', { host: 'evil.example' });
    expect(page.body).not.toContain('evil.example');
    expect(page.headers['content-security-policy']).not.toContain('evil.example');
  });
});

describe('oversized, slow and broken requests', () => {
  let service: RunningServer;
  let gateway: RunningGateway;
  const SERVICE_LIMIT = 64 * 1024;

  beforeAll(async () => {
    // A service as service-kit builds them: its own body limit, answered as 413 in our error shape.
    const app = Fastify({ bodyLimit: SERVICE_LIMIT });
    app.setErrorHandler((error: FastifyError, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ success: false, error: { code: error.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'X', message: error.message } }),
    );
    app.post('/api/*', async (request) => ({ received: JSON.stringify(request.body).length }));
    app.get('/api/*', async () => ({ ok: true }));
    service = await listen(app, 0);
    const url = `http://127.0.0.1:${service.port}`;
    gateway = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      serviceUrls: allServicesAt(url),
      requestTimeoutMs: 800,
    });
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), service.close()]);
  });

  const jsonOf = (size: number) => Buffer.from(JSON.stringify({ text: 'a'.repeat(size) }));

  it.each([
    ['over the service limit, with a length', SERVICE_LIMIT + 1000, false],
    ['over the service limit, chunked', SERVICE_LIMIT + 1000, true],
    ['over the edge limit, with a length', MAX_BODY_BYTES + 1000, false],
    ['over the edge limit, chunked', MAX_BODY_BYTES + 1000, true],
  ])('answers a body %s with 413 in our error shape, every time', async (_label, size, chunked) => {
    const body = jsonOf(size);
    for (const route of ['/api/auth/register', '/api/bias-analysis', '/api/chat/sessions', '/api/billing/plans']) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const headers: Record<string, string | number> = { 'content-type': 'application/json' };
        if (!chunked) headers['content-length'] = body.length;
        const answer = await httpRequest(gateway.port, route, { method: 'POST', headers, body });
        expect(answer.status, `${route} #${attempt}`).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      }
    }
  });

  it('passes a body within the limits', async () => {
    const response = await fetch(`http://127.0.0.1:${gateway.port}/api/chat/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await response.json()).toEqual({ received: 7 });
  });

  it('answers a body that arrives too slowly with 408 in our error shape', async () => {
    const head = 'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n';
    const answer = await rawRequest(gateway.port, [head, '{"a":', '1', '2', '3', '4', '5'], { gapMs: 400 });
    expect(answer).not.toBe('closed');
    expect((answer as Answer).status).toBe(408);
    expect(JSON.parse((answer as Answer).body)).toEqual({ success: false, error: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' } });
  });

  it('answers headers that arrive too slowly with 408', async () => {
    const answer = await rawRequest(gateway.port, ['GET /api/chat/x HTTP/1.1\r\n', 'Host: a\r\n', 'X-A: 1\r\n', 'X-B: 1\r\n', 'X-C: 1\r\n'], { gapMs: 400 });
    expect((answer as Answer).status).toBe(408);
  });

  it.each([
    ['a Content-Length that is not a number', 'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['both a length and chunks', 'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ])('answers %s with 400 in our error shape', async (_label, text) => {
    const answer = (await rawRequest(gateway.port, [text])) as Answer;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
  });

  it('answers an address with broken %-encoding with 400 in our error shape', async () => {
    for (const url of ['/api/chat/%E0%A4%A', '/%E0%A4%A']) {
      const answer = await get(gateway.port, url);
      expect(answer.status, url).toBe(400);
      expect(JSON.parse(answer.body).success).toBe(false);
    }
  });

  it('lets a streamed answer run longer than the request timeout', async () => {
    const slow = await listenHttp(
      http.createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: 1\n\n');
        setTimeout(() => res.end('data: 2\n\n'), 1500);
      }),
    );
    const url = `http://127.0.0.1:${slow.port}`;
    const edge = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      serviceUrls: allServicesAt(url),
      requestTimeoutMs: 500,
    });
    const response = await fetch(`http://127.0.0.1:${edge.port}/api/chat/stream`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('data: 1\n\ndata: 2\n\n');
    await Promise.all([edge.close(), slow.close()]);
  });
});

describe('the headers of every page', () => {
  let remote: RunningServer;
  let gateway: RunningGateway;
  let secure: RunningGateway;
  let remotesFile: string;

  beforeAll(async () => {
    remote = await pricingRemote('<div data-page="pricing">Our prices</div>', '.p{color:red}');
    const files = folder({ 'index.html': SHELL_HTML, 'main.js': 'console.log(1)', 'big.js': 'console.log("big");\n'.repeat(400) });
    remotesFile = path.join(files, 'remotes.json');
    writeFileSync(
      remotesFile,
      JSON.stringify({
        marketing: `http://127.0.0.1:${remote.port}/mf-manifest.json`,
        decoder: 'https://cdn.example/decoder/v1/mf-manifest.json',
        chat: 'https://cdn.example/chat/v1/mf-manifest.json',
        account: 'javascript:alert(1)',
      }),
    );
    const options = { port: 0, shellDir: files, remotesFile, servicePorts: UNREACHABLE_SERVICE_PORTS };
    gateway = await startGateway({ ...options, publicOrigin: 'http://localhost:3000' });
    secure = await startGateway({ ...options, publicOrigin: 'https://keisha.example' });
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), secure.close(), remote.close()]);
  });

  it.each(['/', '/admin', '/bias-detection', '/pricing', '/account/settings'])('%s: a strict policy, no framing, no referrer leak, no features', async (route) => {
    const page = await get(gateway.port, route);
    const policy = expectStrictPage(page);
    const scripts = policy.get('script-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toContain(hashSource(THEME_SCRIPT));
    // The remotes named in /remotes.json, and nothing that is not an http(s) origin.
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      expect(policy.get(directive)).toEqual(expect.arrayContaining([`http://127.0.0.1:${remote.port}`, 'https://cdn.example']));
    }
    expect(String(page.headers['content-security-policy'])).not.toContain('javascript');
    expect(policy.get('style-src')).not.toContain("'unsafe-inline'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows the prerendered page exactly its hand-over script, inlined stylesheets and style attributes', async () => {
    const pricing = await get(gateway.port, '/pricing');
    expect(pricing.body).toContain('<style data-inlined-from="page.aaaaaaaa.css">.p{color:red}</style>');
    expect(policyOf(pricing).get('style-src')).toContain(hashSource('.p{color:red}'));
    const handOver = /<script>([^<]*keisha-prerender[^<]*)<\/script>/.exec(pricing.body)![1]!;
    expect(policyOf(pricing).get('script-src')).toContain(hashSource(handOver));
    expect(policyOf(pricing).get('style-src-attr')).toEqual(["'none'"]);
    const landing = await get(gateway.port, '/');
    expect(landing.body).toContain('style="--score:68"');
    expect(policyOf(landing).get('style-src-attr')).toEqual(["'unsafe-hashes'", hashSource('--score:68')]);
  });

  it('follows the registry: a remote moved to another origin is allowed on the next page', async () => {
    const before = await get(gateway.port, '/');
    expect(policyOf(before).get('script-src')).not.toContain('https://new-cdn.example');
    const registry = JSON.parse((await get(gateway.port, '/remotes.json')).body) as Record<string, string>;
    writeFileSync(remotesFile, JSON.stringify({ ...registry, chat: 'https://new-cdn.example/chat/v2/mf-manifest.json' }));
    expect(policyOf(await get(gateway.port, '/')).get('script-src')).toContain('https://new-cdn.example');
    writeFileSync(remotesFile, JSON.stringify(registry));
  });

  it('turns on HSTS and upgrades mixed content when the public origin is https', async () => {
    const page = await get(secure.port, '/admin');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(page).has('upgrade-insecure-requests')).toBe(true);
    expect(policyOf(await get(gateway.port, '/admin')).has('upgrade-insecure-requests')).toBe(false);
  });

  it('lets nothing run in or frame what is not a page', async () => {
    for (const route of ['/remotes.json', '/main.js', '/health']) {
      const answer = await get(gateway.port, route);
      expect(answer.status, route).toBe(200);
      expect(policyOf(answer).get('default-src'), route).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options'], route).toBe('DENY');
    }
  });

  it('compresses pages and files, never what streams from a service', async () => {
    for (const route of ['/pricing', '/admin', '/big.js']) {
      const answer = await get(gateway.port, route, { 'accept-encoding': 'gzip, br' });
      expect(answer.headers['content-encoding'], route).toBe('br');
    }
    expect((await get(gateway.port, '/big.js', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('never serves the shell page without its policy', async () => {
    expect((await get(gateway.port, '/index.html')).status).toBe(404);
  });
});
