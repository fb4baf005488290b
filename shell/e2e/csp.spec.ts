import { readFileSync, writeFileSync } from 'node:fs';
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

test('no page of the site can be framed by another', async ({ page, baseURL, cspViolations }) => {
  const copy = await serveCopyOf('decoder');
  writeFileSync(path.join(copy.dir, 'framer.html'), `<!doctype html><title>framer</title><iframe src="${baseURL}/admin" title="x"></iframe>`);
  try {
    await page.goto(`http://localhost:${copy.port}/framer.html`);
    await expect.poll(() => cspViolations.some((v) => /frame-ancestors/.test(v))).toBe(true);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(await framed?.evaluate(() => document.querySelector('#root') !== null).catch(() => false)).toBe(false);
  } finally {
    await copy.close();
  }
  cspViolations.length = 0;
});
