// Headers everywhere (issue 29, item 6), over real HTTP: one set of security headers on every answer of the edge
// (pages, files, errors, services' answers), PayPal allowed only on the pages of its flow, the remotes' origins
// answering with the same headers and a policy of their own, and requests that are not plain HTTP/1.x refused.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from './gateway.ts';
import { SECURITY_HEADER_NAMES } from './security.ts';
import { startStaticServer, type RunningServer } from './static-server.ts';
import { expectStrictPage, type HttpAnswer as Answer, httpRequest as request, listenHttp, policyOf, rawRequest, startTestGateway, tempFolder, UNREACHABLE_SERVICE_PORTS } from './testing.ts';

const SHELL_HTML = '<!doctype html><html><head><title>Keisha</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

const folder = (files: Record<string, string>) => tempFolder(files, 'keisha-edge-headers-');

/** Bytes as the test writes them, the answer as it comes (status line, headers, body), or 'closed'. */
const raw = (port: number, text: string) => rawRequest(port, [text], { endAfterMs: 300 });

/** The security headers of an answer (the names the edge sets), the policy left out. */
function securityOf(answer: Answer): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => SECURITY_HEADER_NAMES.has(name) && name !== 'content-security-policy'),
  );
}

/** A service that answers as a service may: its own framing, referrer and HSTS headers; a page of its own with its policy. */
async function selfHeadedService(): Promise<RunningServer> {
  return listenHttp(
    http.createServer((req, res) => {
      const common = {
        'X-Frame-Options': 'SAMEORIGIN',
        'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
        'X-XSS-Protection': '1; mode=block',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'X-Request-Id': 'req-1',
      };
      if (req.url?.includes('/checkout-page/')) {
        res.writeHead(200, { ...common, 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'none'; style-src 'sha256-abc'", 'Referrer-Policy': 'no-referrer' });
        res.end('<!doctype html><title>Checkout</title>');
        return;
      }
      res.writeHead(200, { ...common, 'Content-Type': 'application/json', 'Referrer-Policy': 'no-referrer-when-downgrade' });
      res.end('{"ok":true}');
    }),
  );
}

describe('one set of security headers on every answer', () => {
  let service: RunningServer;
  let gateway: RunningGateway;
  let secure: RunningGateway;
  let reference: Record<string, unknown>;

  beforeAll(async () => {
    service = await selfHeadedService();
    const url = `http://127.0.0.1:${service.port}`;
    const options = {
      port: 0,
      shellDir: folder({ 'index.html': SHELL_HTML, 'main.js': 'console.log(1)' }),
      serviceUrls: { identity: url, decoder: url, chat: url, billing: 'http://127.0.0.1:1' },
      remotePorts: { marketing: 3001, decoder: 3002, chat: 3003, account: 3004 },
    };
    gateway = await startGateway({ ...options, publicOrigin: 'http://localhost:3000' });
    secure = await startGateway({ ...options, publicOrigin: 'https://keisha.example' });
    reference = securityOf(await request(gateway.port, '/health'));
  });
  afterAll(async () => {
    await Promise.all([gateway.close(), secure.close(), service.close()]);
  });

  it('is the full set: no framing, no sniffing, a referrer policy, isolation, no features', () => {
    expect(reference).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'x-xss-protection': '0',
    });
    expect(String(reference['permissions-policy'])).toContain('camera=()');
    expect(reference['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['a page', '/admin', {}],
    ['a file', '/main.js', {}],
    ['nothing there', '/nothing.png', {}],
    ['no API route', '/api/unknown', {}],
    ['a service answer', '/api/chat/sessions', {}],
    ['a service that is down', '/api/billing/plans', {}],
    ['an expectation the edge does not meet', '/api/chat/sessions', { method: 'POST', headers: { expect: 'teapot', 'content-type': 'application/json' }, body: '{}' }],
    ['a body too large', '/api/chat/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) }],
  ] as const)('%s (%s)', async (_label, route, options) => {
    const answer = await request(gateway.port, route, options as { method?: string; headers?: Record<string, string>; body?: string });
    expect(securityOf(answer), `${answer.status}`).toEqual(reference);
    expect(answer.headers['content-security-policy']).toBeDefined();
  });

  it("replaces a service's own framing, referrer, HSTS and resource headers with the edge's", async () => {
    const answer = await request(gateway.port, '/api/chat/sessions');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['x-xss-protection']).toBe('0');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(policyOf(answer).get('default-src')).toEqual(["'none'"]);
    // What is not a security header passes as the service sent it.
    expect(answer.headers['x-request-id']).toBe('req-1');
    const overHttps = await request(secure.port, '/api/chat/sessions');
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it("keeps the policy of a page a service renders itself, and a stricter referrer policy", async () => {
    const answer = await request(gateway.port, '/api/chat/checkout-page/1');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; style-src 'sha256-abc'");
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('answers a malformed address (GET /%) with 400 in our shape and the same headers', async () => {
    for (const route of ['/%', '/api/chat/%', '/%E0%A4%A']) {
      const answer = await request(gateway.port, route);
      expect(answer.status, route).toBe(400);
      expect(JSON.parse(answer.body), route).toMatchObject({ success: false, error: { code: 'BAD_URL' } });
      expect(securityOf(answer), route).toEqual(reference);
      expect(policyOf(answer).get('default-src'), route).toEqual(["'none'"]);
    }
  });

  it('answers what Node refuses before any route (a broken request) with the same headers', async () => {
    const answer = await raw(gateway.port, 'POST /api/chat/x HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n');
    expect(answer).not.toBe('closed');
    expect((answer as Answer).status).toBe(400);
    expect(securityOf(answer as Answer)).toEqual(reference);
  });
});

describe('requests that are not plain HTTP/1.x to one host', () => {
  let gateway: RunningGateway;
  let reference: Record<string, unknown>;
  beforeAll(async () => {
    gateway = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      servicePorts: UNREACHABLE_SERVICE_PORTS,
    });
    reference = securityOf(await request(gateway.port, '/health'));
  });
  afterAll(() => gateway.close());

  it.each([
    ['two Host headers', 'GET /health HTTP/1.1\r\nHost: localhost:3000\r\nHost: evil.example\r\n\r\n'],
    ['two Host headers on an API route', 'GET /api/chat/sessions HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n'],
    ['HTTP/1.1 without a Host', 'GET /health HTTP/1.1\r\n\r\n'],
  ])('refuses %s with 400 in our shape', async (_label, text) => {
    const answer = await raw(gateway.port, text);
    expect(answer).not.toBe('closed');
    expect((answer as Answer).status).toBe(400);
    expect(JSON.parse((answer as Answer).body)).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    expect(securityOf(answer as Answer)).toEqual(reference);
  });

  it.each([
    ['an HTTP/0.9-style request line', 'GET /health\r\n\r\n'],
    ['HTTP/0.9 named', 'GET /health HTTP/0.9\r\n\r\n'],
  ])('never serves %s', async (_label, text) => {
    const answer = await raw(gateway.port, text);
    if (answer !== 'closed') expect(answer.status).toBe(400);
  });

  it('still serves HTTP/1.0 without a Host, and HTTP/1.1 with one', async () => {
    expect(await raw(gateway.port, 'GET /health HTTP/1.0\r\n\r\n')).toMatchObject({ status: 200 });
    expect(await raw(gateway.port, 'GET /health HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n')).toMatchObject({ status: 200 });
  });
});

describe("PayPal's scripts", () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      remotePorts: { marketing: 3001, decoder: 3002, chat: 3003, account: 3004 },
      servicePorts: UNREACHABLE_SERVICE_PORTS,
    });
  });
  afterAll(() => gateway.close());

  const mentionsPayPal = (answer: Answer) => /paypal/i.test(String(answer.headers['content-security-policy']));

  it.each(['/pricing', '/pricing/', '/pricing?plan=monthly&source=paywall', '/thank-you?method=paypal&tier=monthly&amount=9.99'])(
    'may load, frame and call PayPal on %s, its flow',
    async (route) => {
      const policy = policyOf(await request(gateway.port, route));
      expect(policy.get('script-src')).toContain('https://www.paypal.com');
      expect(policy.get('frame-src')).toContain('https://*.paypal.com');
      expect(policy.get('connect-src')).toContain('https://*.paypal.com');
    },
  );

  it.each(['/', '/admin', '/admin/users', '/account', '/bias-detection', '/faq', '/developers', '/payment/success', '/payment-success', '/pricing-plans', '/x/pricing'])(
    'is not allowed on %s',
    async (route) => {
      const answer = await request(gateway.port, route);
      expect(answer.status).toBe(200);
      expect(mentionsPayPal(answer)).toBe(false);
      expect(policyOf(answer).get('frame-src')).toEqual(["'none'"]);
    },
  );
});

describe("a remote's own origin (3001-3004)", () => {
  let remote: RunningServer;
  let gateway: RunningGateway;
  let edgeReference: Record<string, unknown>;
  beforeAll(async () => {
    remote = await startStaticServer(
      folder({
        'index.html': '<!doctype html><html><head><title>Keisha account (standalone)</title><script defer src="main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>',
        'main.1a2b3c4d.js': 'console.log("account")',
        'mf-manifest.json': '{"name":"account"}',
      }),
      0,
    );
    gateway = await startTestGateway({
      shellDir: folder({ 'index.html': SHELL_HTML }),
      servicePorts: UNREACHABLE_SERVICE_PORTS,
    });
    edgeReference = securityOf(await request(gateway.port, '/health'));
  });
  afterAll(async () => {
    await Promise.all([remote.close(), gateway.close()]);
  });

  it.each(['/', '/index.html'])('serves its standalone page (%s) with a strict policy that no site may frame', async (route) => {
    const page = await request(remote.port, route);
    const policy = expectStrictPage(page);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(String(page.headers['content-security-policy'])).not.toMatch(/unsafe|paypal/i);
  });

  it.each(['/', '/main.1a2b3c4d.js', '/mf-manifest.json', '/missing.js', '/%'])('answers %s with the edge headers, embeddable by the shell', async (route) => {
    const answer = await request(remote.port, route);
    expect(securityOf(answer), `${route} ${answer.status}`).toEqual({ ...edgeReference, 'cross-origin-resource-policy': 'cross-origin' });
    expect(answer.headers['content-security-policy'], route).toBeDefined();
  });

  it('lets nothing run in what is not its page', async () => {
    expect(policyOf(await request(remote.port, '/main.1a2b3c4d.js')).get('default-src')).toEqual(["'none'"]);
  });
});
