import { expect, test } from './support/csp.ts';

// The public marketing pages arrive prerendered in the first response (infra/local/prerender.ts): readable and
// styled before any script runs, then handed over to the live remote with nothing left behind.

const PRERENDERED = [
  { path: '/', heading: /./, title: 'Keisha | AI ethics and bias detection' },
  { path: '/pricing', heading: 'Pricing', title: 'Keisha | Pricing' },
  { path: '/faq', heading: /Frequently asked questions|FAQ/i, title: 'Keisha | FAQ' },
  { path: '/about', heading: /./, title: 'Keisha | Why and Who' },
  { path: '/knn', heading: /./, title: 'Keisha | Keisha News Network' },
] as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of PRERENDERED) {
    test(`${route.path} is readable, styled and described for search engines and link previews`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page).toHaveTitle(route.title);
      const prerendered = page.locator('#keisha-prerender');
      await expect(prerendered.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(prerendered.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // Styled by the remote's own stylesheets: the navigation bar is laid out, not a bare list.
      const display = await prerendered.locator('nav[aria-label="Main"]').evaluate((nav) => getComputedStyle(nav).display);
      expect(display).toBe('flex');
      // Every class of the page (CSS Modules: each one comes from a stylesheet) has its rules in the page, so the
      // page's own stylesheet came with it, whichever chunk it lives in.
      const unstyled = await page.evaluate(() => {
        const defined = new Set<string>();
        const walk = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.([\w-]+)/g)) defined.add(match[1]!);
            if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
        const used = new Set<string>();
        for (const element of Array.from(document.querySelectorAll('#keisha-prerender [class]'))) element.classList.forEach((c) => used.add(c));
        return [...used].filter((name) => name.startsWith('marketing__') && !defined.has(name));
      });
      expect(unstyled).toEqual([]);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', route.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${route.path === '/' ? '/$' : route.path}$`));
    });
  }

  test('links in the prerendered page work as plain links', async ({ page }) => {
    await page.goto('/pricing');
    await page.locator('#keisha-prerender').getByRole('link', { name: 'FAQ', exact: true }).first().click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle('Keisha | FAQ');
  });
});

test('the live page replaces the prerendered one, leaving one copy of the page and of its head tags', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await expect(page.locator('#keisha-prerender')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pricing$/);
  // In-app navigation to another remote leaves none of the marketing page's description behind.
  await page.goto('/bias-detection');
  await expect(page.locator('[data-remote="decoder"]')).toBeVisible();
  await expect(page.locator('#keisha-prerender')).toHaveCount(0);
});

test('while the shell is still loading, the prerendered copy cannot be clicked or typed into', async ({ page }) => {
  // Hold the shell's scripts back so the copy stays on screen (a deferred script also holds DOMContentLoaded).
  await page.route(/\/main\.[0-9a-f]+\.js$/, () => undefined);
  await page.goto('/pricing', { waitUntil: 'commit' });
  await page.locator('#root').waitFor({ state: 'attached' });
  const prerendered = page.locator('#keisha-prerender');
  await expect(prerendered).toBeVisible();
  expect(await prerendered.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
});

test('a reader with a session never sees the landing page flash at /', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('keisha.signed-in', '1'));
  await page.route(/\/main\.[0-9a-f]+\.js$/, () => undefined);
  await page.goto('/', { waitUntil: 'commit' });
  // #root follows the prerendered page and its script in the document: once it is parsed, they have run.
  await page.locator('#root').waitFor({ state: 'attached' });
  await expect(page.locator('#keisha-prerender')).toHaveCount(0);
  // The hint only concerns `/`: other marketing pages are the same for everyone.
  await page.goto('/pricing', { waitUntil: 'commit' });
  await page.locator('#root').waitFor({ state: 'attached' });
  await expect(page.locator('#keisha-prerender')).toHaveCount(1);
});
