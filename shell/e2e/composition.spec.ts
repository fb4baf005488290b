import { expect, test, type Page } from './support/csp.ts';

/** Navigates inside the single-page app, as a link click would (no reload). */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('React, ReactDOM and the store are each loaded once across all four remotes', async ({ page }) => {
  // Every copy of react-dom registers itself with the DevTools hook; count the registrations.
  await page.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      inject(renderer: unknown) {
        const id = renderers.size + 1;
        renderers.set(id, renderer);
        return id;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  for (const [path, remote] of [
    ['/bias-detection', 'decoder'],
    ['/payment-cancelled', 'chat'],
    ['/admin', 'account'],
  ] as const) {
    await navigate(page, path);
    await expect(page.locator(`[data-remote="${remote}"]`)).toBeVisible();
  }

  const counts = await page.evaluate(() => ({
    reactDoms: (window as any).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    stores: (globalThis as any).__KEISHA_STORE_INSTANCES__,
  }));
  expect(counts).toEqual({ reactDoms: 1, stores: 1 });
  expect(errors.filter((e) => /Invalid hook call|more than one copy of React/i.test(e))).toEqual([]);
});

test('the theme toggled in one remote is seen by another without a reload, and survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => ((window as any).__notReloaded = true));

  await page.getByRole('button', { name: 'Light Mode' }).first().click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Dark Mode' }).first()).toBeVisible();

  // Follow the hero's link into the decoder remote: same page, new remote, same store.
  await page.getByRole('link', { name: 'Try It Now' }).click();
  const decoder = page.locator('[data-remote="decoder"]');
  await expect(decoder).toBeVisible();
  expect(await page.evaluate(() => (window as any).__notReloaded)).toBe(true);
  await expect(html).toHaveAttribute('data-theme', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  await page.reload();
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(lightBackground);

  // Toggle back from the marketing remote and check the decoder follows in the same page.
  await page.goto('/');
  await page.getByRole('button', { name: 'Dark Mode' }).first().click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('link', { name: 'Try It Now' }).click();
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
});

test('the theme follows a change made in another tab', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/bias-detection');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await first.getByRole('button', { name: 'Light Mode' }).first().click();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'light');
});

/** Selectors of every style rule in a stylesheet, skipping @keyframes bodies. */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors: string[] = [];
  let depth = 0;
  let keyframesDepth = -1;
  let prelude = '';
  for (const char of text) {
    if (char === '{') {
      const head = prelude.trim();
      if (head.startsWith('@keyframes') || head.startsWith('@-webkit-keyframes')) keyframesDepth = depth;
      else if (!head.startsWith('@') && keyframesDepth < 0) selectors.push(...head.split(',').map((s) => s.trim()));
      depth++;
      prelude = '';
    } else if (char === '}') {
      depth--;
      if (depth === keyframesDepth) keyframesDepth = -1;
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else prelude += char;
  }
  return selectors;
}

test('remotes ship only scoped styles: no selector that could restyle the host or another remote', async ({ request }) => {
  const { ports } = await import('./support/remotes.ts');
  let checked = 0;
  for (const [name, port] of Object.entries(ports.remotes)) {
    const base = `http://localhost:${port}/`;
    const manifest = await (await request.get(`${base}mf-manifest.json`)).json();
    const assets = [...manifest.exposes, ...manifest.shared].flatMap((item: any) => [
      ...item.assets.css.sync,
      ...item.assets.css.async,
    ]);
    for (const file of new Set<string>(assets)) {
      const css = await (await request.get(base + file)).text();
      for (const selector of selectorsOf(css)) {
        checked++;
        expect(selector, `${name} ${file}`).toMatch(/^\./);
      }
    }
  }
  expect(checked).toBeGreaterThan(0);
});
