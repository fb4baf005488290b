import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from './support/csp.ts';
import { defaultRemotes, resetRemotes, serveCopyOf, writeRemotes } from './support/remotes.ts';

// The edge's Content-Security-Policy (infra/local/security.ts) lets the shell load the remotes named in
// /remotes.json and nothing run that we did not write: a script that reaches a page is blocked.

test.afterEach(() => resetRemotes());

test('a script injected into a prerendered page is blocked, and the page still works', async ({ page, cspViolations }) => {
  // A marketing deployment whose prerendered pricing page carries a script (a compromised build or CDN).
  const copy = await serveCopyOf('marketing');
  const indexFile = path.join(copy.dir, 'prerender', 'index.json');
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { pages: Record<string, { html: string }> };
  index.pages['/pricing']!.html += '<script>window.__injected = true</script><img src="data:," alt="" onerror="window.__handler = true">';
  writeFileSync(indexFile, JSON.stringify(index));
  writeRemotes({ ...defaultRemotes(), marketing: `http://localhost:${copy.port}/mf-manifest.json` });
  try {
    const response = await page.goto('/pricing');
    expect(await response!.text()).toContain('window.__injected = true');
    // The remote itself, from its new origin, is allowed: the live page replaces the prerendered one.
    await expect(page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    expect(await page.evaluate(() => [(window as any).__injected, (window as any).__handler])).toEqual([undefined, undefined]);
    expect(cspViolations.some((v) => /inline script/i.test(v))).toBe(true);
    expect(cspViolations.some((v) => /inline event handler/i.test(v))).toBe(true);
  } finally {
    await copy.close();
  }
  cspViolations.length = 0; // the violations above were the point of this test
});

test('a script added to the live page by markup is blocked too', async ({ page, cspViolations }) => {
  await page.goto('/bias-detection');
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__added = true';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onerror="window.__added = true">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as any).__added;
  });
  expect(ran).toBeUndefined();
  expect(cspViolations.length).toBeGreaterThanOrEqual(2);
  cspViolations.length = 0;
});

test("no page of the site, nor a remote's standalone page, can be framed by another site", async ({ page, baseURL, cspViolations }) => {
  // Another site, with no policy of its own, framing the site's /admin and the decoder remote's own page.
  const remote = await serveCopyOf('decoder');
  const framer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>framer</title><iframe src="${baseURL}/admin" title="site"></iframe>` +
        `<iframe src="http://localhost:${remote.port}/" title="remote"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  const { port } = framer.address() as AddressInfo;
  try {
    await page.goto(`http://localhost:${port}/`);
    await expect.poll(() => cspViolations.filter((v) => /frame-ancestors/.test(v)).length).toBe(2);
    for (const framed of page.frames().filter((frame) => frame !== page.mainFrame())) {
      expect(await framed.evaluate(() => document.querySelector('#root') !== null).catch(() => false)).toBe(false);
    }
  } finally {
    framer.closeAllConnections();
    await new Promise((resolve) => framer.close(resolve));
    await remote.close();
  }
  cspViolations.length = 0;
});

// PayPal's scripts are allowed only on the pages of its flow (/pricing, /thank-you): issue 29, item 6. The SDK is
// served here by the test (no network), so what decides whether it runs is the page's policy alone.
const PAYPAL_SDK = 'https://www.paypal.com/sdk/js?client-id=e2e';

async function servePayPalSdk(page: import('@playwright/test').Page) {
  await page.route('https://www.paypal.com/sdk/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__paypalLoaded = true;' }),
  );
}

/** Adds PayPal's SDK to the page as the pricing page's button does, and says whether it ran. */
function loadPayPal(page: import('@playwright/test').Page): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const script = document.createElement('script');
        script.src = src;
        script.onload = () => resolve((window as any).__paypalLoaded === true);
        script.onerror = () => resolve(false);
        document.head.append(script);
      }),
    PAYPAL_SDK,
  );
}

test('PayPal may load on /pricing, and is refused on /admin and the other pages', async ({ page, cspViolations }) => {
  await servePayPalSdk(page);
  await page.goto('/pricing');
  await expect(page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  expect(await loadPayPal(page)).toBe(true);
  expect(cspViolations).toEqual([]);
  for (const path of ['/admin', '/bias-detection', '/']) {
    await page.goto(path);
    expect(await loadPayPal(page), path).toBe(false);
    expect(cspViolations.some((v) => /paypal\.com/.test(v)), path).toBe(true);
    cspViolations.length = 0;
  }
});

test('a reader who clicks from the landing page to /pricing gets a document that allows PayPal, and leaves it behind after', async ({ page, cspViolations }) => {
  await servePayPalSdk(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  // The live landing page (the remote mounted, not only its prerendered markup): its links navigate in the page.
  const compare = page.locator('[data-remote="marketing"]').getByRole('link', { name: 'Compare plans' });
  await expect(compare).toBeVisible();
  await compare.click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('[data-remote="marketing"]').getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect.poll(() => documents).toEqual(['/', '/pricing']);
  expect(await loadPayPal(page)).toBe(true);
  // On from /pricing back to the landing page by the menu's home link: a document of the site's strict policy again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Keisha' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => documents).toEqual(['/', '/pricing', '/']);
  await expect(page.locator('[data-remote="marketing"]').getByRole('link', { name: 'Compare plans' })).toBeVisible();
  expect(await loadPayPal(page)).toBe(false);
  expect(cspViolations.some((v) => /paypal\.com/.test(v))).toBe(true);
  cspViolations.length = 0;
});
