import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE as IDENTITY_SESSION_HINT } from '@keisha/contracts/identity';
import { SESSION_HINT_COOKIE } from './gateway.ts';
import { startTestGateway, UNREACHABLE_SERVICE_PORTS } from './testing.ts';
import { composeDocument, createComposedPages, parsePrerenderIndex, pageForPath, remoteBaseOf, type PrerenderIndex } from './prerender.ts';
import { hashSource } from './security.ts';
import { startStaticServer, type RunningServer } from './static-server.ts';

const SHELL_HTML =
  '<!doctype html><html><head><meta name="description" content="generic"><title>Keisha</title></head>' +
  '<body><div id="root"></div></body></html>';

function indexWith(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    remote: 'marketing',
    placeholders: { origin: 'https://keisha-origin.invalid', remoteBase: '__BASE__/' },
    stylesheets: ['816.abcdef12.css', '356.12345678.css', 'closing.aaaaaaaa.css', 'missing.bbbbbbbb.css'],
    pages: {
      '/pricing': {
        page: 'pricing',
        path: '/pricing',
        title: 'Keisha | Pricing & "plans"',
        head: [
          { kind: 'meta', attribute: 'name', key: 'description', content: 'Plans <for> everyone' },
          { kind: 'canonical', href: 'https://keisha-origin.invalid/pricing' },
        ],
        html: '<div data-page="pricing"><img src="__BASE__/poster.webp" alt="">Pricing</div>',
      },
      '/': { page: 'landing', path: '/', title: 'Keisha | Home', head: [], html: '<div data-page="landing">Home</div>' },
    },
    ...overrides,
  };
}

describe('prerender index', () => {
  it('accepts the shape the marketing build writes', () => {
    const index = parsePrerenderIndex(indexWith());
    expect(index && pageForPath(index, '/pricing/')?.page).toBe('pricing');
    expect(index && pageForPath(index, '/nope')).toBeUndefined();
    // Inherited names are not pages.
    expect(index && pageForPath(index, 'constructor')).toBeUndefined();
  });

  it.each([
    ['a wrong version', { version: 2 }],
    ['a stylesheet that is a URL elsewhere', { stylesheets: ['https://evil.example/x.css'] }],
    ['a stylesheet that climbs out of the remote', { stylesheets: ['../x.css'] }],
    ['a page without markup', { pages: { '/x': { page: 'x', path: '/x', title: 't', head: [] } } }],
    ['a page name with markup in it', { pages: { '/x': { page: '"><script>', path: '/x', title: 't', head: [], html: '' } } }],
    ['a head tag of an unknown kind', { pages: { '/x': { page: 'x', path: '/x', title: 't', head: [{ kind: 'script' }], html: '' } } }],
  ])('refuses %s', (_label, overrides) => {
    expect(parsePrerenderIndex(indexWith(overrides))).toBeUndefined();
  });

  it('refuses what is not an object', () => {
    for (const value of [null, [], 'x', 1]) expect(parsePrerenderIndex(value)).toBeUndefined();
  });

  it('takes a remote base only from an http(s) manifest URL', () => {
    expect(remoteBaseOf('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/');
    expect(remoteBaseOf('https://cdn.example/marketing/v2/mf-manifest.json')).toBe('https://cdn.example/marketing/v2/');
    expect(remoteBaseOf('javascript:alert(1)')).toBeUndefined();
    expect(remoteBaseOf('not a url')).toBeUndefined();
  });
});

describe('composeDocument', () => {
  const index = parsePrerenderIndex(indexWith()) as PrerenderIndex;
  const page = index.pages['/pricing']!;
  const html = composeDocument(SHELL_HTML, index, page, { origin: 'http://localhost:3000', remoteBase: 'http://localhost:3001/' });

  it('puts the page before the root, outside React, with the remote base filled in', () => {
    expect(html).toContain(
      '<div id="keisha-prerender" data-prerendered-remote="marketing" data-prerendered-page="pricing"><div data-page="pricing"><img src="http://localhost:3001/poster.webp" alt="">Pricing</div></div><script>',
    );
    expect(html).toMatch(/<\/script><div id="root"><\/div>/);
    expect(html).toContain('p.inert=true');
  });

  it('links the stylesheets from the remote and replaces the generic head with the page own, escaped', () => {
    expect(html).toContain('<link rel="stylesheet" href="http://localhost:3001/816.abcdef12.css">');
    expect(html).toContain('<title>Keisha | Pricing &amp; &quot;plans&quot;</title>');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain('<meta name="description" content="Plans &lt;for&gt; everyone" data-prerendered>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/pricing" data-prerendered>');
  });

  it('puts only a page’s own stylesheets in it when the index names them', () => {
    const own = parsePrerenderIndex(
      indexWith({
        pages: {
          '/faq': { page: 'faq', path: '/faq', title: 'FAQ', head: [], html: '<p>FAQ</p>', stylesheets: ['816.abcdef12.css'] },
        },
      }),
    ) as PrerenderIndex;
    const faq = composeDocument(SHELL_HTML, own, own.pages['/faq']!, { origin: 'http://x:1', remoteBase: 'http://x:2/' });
    expect(faq).toContain('href="http://x:2/816.abcdef12.css"');
    expect(faq).not.toContain('356.12345678.css');
  });

  it('refuses an index whose page names a stylesheet the index does not list', () => {
    const page = { page: 'faq', path: '/faq', title: 'FAQ', head: [], html: '<p>FAQ</p>' };
    expect(parsePrerenderIndex(indexWith({ pages: { '/faq': { ...page, stylesheets: ['elsewhere.css'] } } }))).toBeUndefined();
    expect(parsePrerenderIndex(indexWith({ pages: { '/faq': { ...page, stylesheets: 'a.css' } } }))).toBeUndefined();
  });

  it('adds the signed-in check to the landing page only', () => {
    expect(html).not.toContain('keisha.signed-in');
    const landing = composeDocument(SHELL_HTML, index, index.pages['/']!, { origin: 'http://x:1', remoteBase: 'http://x:2/' });
    expect(landing).toContain("localStorage.getItem('keisha.signed-in')");
  });
});

const parseCheckedIndex = (overrides: Record<string, unknown>) => parsePrerenderIndex(indexWith(overrides)) as PrerenderIndex;

describe('composed pages', () => {
  const index = parsePrerenderIndex(indexWith()) as PrerenderIndex;
  const page = index.pages['/pricing']!;
  const where = { origin: 'http://localhost:3000', remoteBase: 'http://localhost:3001/' };

  it('composes a page once per index, shell and origin', () => {
    const pages = createComposedPages();
    const first = pages.get(SHELL_HTML, index, page, where);
    expect(first.html).toBe(composeDocument(SHELL_HTML, index, page, where));
    expect(pages.get(SHELL_HTML, index, page, where)).toBe(first);
  });

  it('names what the page carries inline for its policy: the hand-over script and the style attributes', () => {
    const landing = createComposedPages().get(SHELL_HTML, index, index.pages['/']!, where);
    const handOver = /<script>([^<]*)<\/script>/.exec(landing.html)![1]!;
    expect(landing.scriptHashes).toEqual([hashSource(handOver)]);
    const styled = parseCheckedIndex({ pages: { '/x': { page: 'x', path: '/x', title: 'X', head: [], html: '<p style="color:red">a</p><i style="--w:1&amp;2">b</i>' } } });
    expect(createComposedPages().get(SHELL_HTML, styled, styled.pages['/x']!, where).styleAttributeHashes).toEqual([
      hashSource('color:red'),
      hashSource('--w:1&2'),
    ]);
  });

  it('composes again for a changed shell, a reloaded index or another origin', () => {
    const pages = createComposedPages();
    const first = pages.get(SHELL_HTML, index, page, where);
    const newShell = SHELL_HTML.replace('</head>', '<script src="/main.new.js"></script></head>');
    expect(pages.get(newShell, index, page, where).html).toContain('/main.new.js');
    const reloaded = parsePrerenderIndex(indexWith()) as PrerenderIndex;
    expect(pages.get(SHELL_HTML, reloaded, reloaded.pages['/pricing']!, where)).not.toBe(first);
    expect(pages.get(SHELL_HTML, index, page, { ...where, origin: 'https://keisha.example' }).html).toContain('https://keisha.example/pricing');
  });

  it('keeps a bounded number of pages however many origins requests claim', () => {
    const pages = createComposedPages(3);
    const first = pages.get(SHELL_HTML, index, page, where);
    for (let i = 0; i < 5; i++) pages.get(SHELL_HTML, index, page, { ...where, origin: `http://host${i}.example` });
    expect(pages.get(SHELL_HTML, index, page, where)).not.toBe(first);
  });
});

describe('the gateway serving prerendered pages', () => {
  let remote: RunningServer;
  let gateway: RunningServer;
  let remotesFile: string;
  const writeRemotes = (marketing: string) => writeFileSync(remotesFile, JSON.stringify({ marketing }));

  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'keisha-prerender-'));
    const shellDir = path.join(root, 'shell');
    const remoteDir = path.join(root, 'marketing');
    mkdirSync(shellDir);
    mkdirSync(path.join(remoteDir, 'prerender'), { recursive: true });
    writeFileSync(path.join(shellDir, 'index.html'), SHELL_HTML);
    writeFileSync(path.join(remoteDir, 'prerender', 'index.json'), JSON.stringify(indexWith()));
    writeFileSync(path.join(remoteDir, '816.abcdef12.css'), '.a{color:red}');
    writeFileSync(path.join(remoteDir, '356.12345678.css'), `.b{content:"${'x'.repeat(70 * 1024)}"}`);
    writeFileSync(path.join(remoteDir, 'closing.aaaaaaaa.css'), '.c{content:"</style><script>alert(1)</script>"}');
    remote = await startStaticServer(remoteDir, 0);
    remotesFile = path.join(root, 'remotes.json');
    gateway = await startTestGateway({
      shellDir,
      remotePorts: { marketing: remote.port, decoder: 1, chat: 1, account: 1 },
      servicePorts: UNREACHABLE_SERVICE_PORTS,
      remotesFile,
    });
  });
  afterAll(async () => {
    await gateway.close();
    await remote.close();
  });

  it('answers a prerendered path with the composed page', async () => {
    writeRemotes(`http://127.0.0.1:${remote.port}/mf-manifest.json`);
    const response = await fetch(`http://127.0.0.1:${gateway.port}/pricing`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const body = await response.text();
    expect(body).toContain(`src="http://127.0.0.1:${remote.port}/poster.webp"`);
    expect(body).toContain('href="http://localhost:3000/pricing"');
  });

  it('inlines small stylesheets and links the rest: too large, able to close the style element, or missing', async () => {
    writeRemotes(`http://127.0.0.1:${remote.port}/mf-manifest.json`);
    const body = await (await fetch(`http://127.0.0.1:${gateway.port}/pricing`)).text();
    expect(body).toContain('<style data-inlined-from="816.abcdef12.css">.a{color:red}</style>');
    for (const file of ['356.12345678.css', 'closing.aaaaaaaa.css', 'missing.bbbbbbbb.css']) {
      expect(body).toContain(`<link rel="stylesheet" href="http://127.0.0.1:${remote.port}/${file}">`);
    }
    expect(body).not.toContain('alert(1)');
  });

  it('serves a reader with a session the plain shell at / (the chat), not the landing page', async () => {
    expect(SESSION_HINT_COOKIE).toBe(IDENTITY_SESSION_HINT);
    writeRemotes(`http://127.0.0.1:${remote.port}/mf-manifest.json`);
    const guest = await (await fetch(`http://127.0.0.1:${gateway.port}/`)).text();
    expect(guest).toContain('data-prerendered-page="landing"');
    const member = await fetch(`http://127.0.0.1:${gateway.port}/`, { headers: { cookie: `theme=dark; ${SESSION_HINT_COOKIE}=1` } });
    expect(await member.text()).toBe(SHELL_HTML);
    // Other pages are the same for everyone.
    const pricing = await fetch(`http://127.0.0.1:${gateway.port}/pricing`, { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(await pricing.text()).toContain('data-prerendered-page="pricing"');
  });

  it('answers other paths, and every path when the remote has no prerender, with the plain shell', async () => {
    writeRemotes(`http://127.0.0.1:${remote.port}/mf-manifest.json`);
    expect(await (await fetch(`http://127.0.0.1:${gateway.port}/bias-detection`)).text()).toBe(SHELL_HTML);
    writeRemotes(`http://127.0.0.1:${remote.port}/elsewhere/mf-manifest.json`);
    expect(await (await fetch(`http://127.0.0.1:${gateway.port}/pricing`)).text()).toBe(SHELL_HTML);
    writeRemotes('javascript:alert(1)');
    expect(await (await fetch(`http://127.0.0.1:${gateway.port}/pricing`)).text()).toBe(SHELL_HTML);
  });
});
