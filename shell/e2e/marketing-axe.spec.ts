import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from './support/csp.ts';
import { MARKETING_ROUTES, openMarketing, THEMES, useTheme } from './support/marketing.ts';

// Issue 7, the marketing pages (see support/marketing.ts): accessibility (axe-core, both themes) of every route of
// spec section 2, and of the open states of the FAQ, the news-network dropdown, the small-screen menu and the Admin
// Login modal.

/** The other routes of spec section 2 (owned by other remotes): checked with the same bar. */
const OTHER_ROUTES = [
  { name: 'decoder', path: '/bias-detection', remote: 'decoder' },
  { name: 'microfrag', path: '/microfrag', remote: 'decoder' },
  { name: 'decoder-payment-success', path: '/payment/success', remote: 'decoder' },
  { name: 'decoder-payment-cancel', path: '/payment/cancel', remote: 'decoder' },
  { name: 'chat-payment-success', path: '/payment-success?session_id=cs_test_e2e', remote: 'chat' },
  { name: 'chat-payment-cancelled', path: '/payment-cancelled', remote: 'chat' },
] as const;

async function seriousViolations(page: Page, testInfo: TestInfo, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  await testInfo.attach(`axe-${label}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

test.describe('axe-core: no serious or critical violations', () => {
  for (const theme of THEMES) {
    for (const route of MARKETING_ROUTES) {
      test(`${route.name} (${theme})`, async ({ page }, testInfo) => {
        await useTheme(page, theme);
        await openMarketing(page, route.path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await seriousViolations(page, testInfo, `${route.name}-${theme}`)).toEqual([]);
      });
    }

    test(`open states: FAQ answers, the dropdown, the small-screen menu and the Admin Login modal (${theme})`, async ({ page }, testInfo) => {
      await useTheme(page, theme);
      await openMarketing(page, '/faq');
      const questions = page.locator('[data-remote="marketing"] h3 > button[aria-controls]');
      for (let i = 0; i < (await questions.count()); i++) await questions.nth(i).click();
      await expect(page.locator('[data-remote="marketing"] [role="region"]:not([hidden])')).toHaveCount(12);
      expect(await seriousViolations(page, testInfo, `faq-open-${theme}`)).toEqual([]);

      await page.getByRole('button', { name: 'News Network' }).click();
      await expect(page.getByRole('link', { name: 'Political Discourse Repository' })).toBeVisible();
      expect(await seriousViolations(page, testInfo, `dropdown-${theme}`)).toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeVisible();
      expect(await seriousViolations(page, testInfo, `mobile-menu-${theme}`)).toEqual([]);

      await page.getByRole('button', { name: 'Admin Login' }).click();
      await expect(page.getByRole('dialog', { name: 'Admin Login' })).toBeVisible();
      expect(await seriousViolations(page, testInfo, `admin-login-${theme}`)).toEqual([]);
    });

    for (const route of OTHER_ROUTES) {
      test(`${route.name}, ${route.path} (${theme})`, async ({ page }, testInfo) => {
        await useTheme(page, theme);
        await page.goto(route.path);
        await expect(page.locator(`[data-remote="${route.remote}"] h1, [data-remote="${route.remote}"] h2`).first()).toBeVisible();
        expect(await seriousViolations(page, testInfo, `${route.name}-${theme}`)).toEqual([]);
      });
    }
  }
});
