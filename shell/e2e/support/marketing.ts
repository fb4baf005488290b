// Issue 7, the marketing pages: accessibility (axe-core, both themes), keyboard use of the navigation, the
// news-network dropdown, the Admin Login modal and the FAQ accordion, screenshots at three widths in both
// themes, and the behaviour of pricing, thank-you, the videos and the head tags against the real platform.
// This module holds what those tests (e2e/marketing-*.spec.ts) share: the two themes, the marketing routes,
// choosing a theme, and opening a marketing page until it is ready to be measured.
import { expect, type Page } from './csp.ts';

export type Theme = 'dark' | 'light';
export const THEMES: Theme[] = ['dark', 'light'];

/** The marketing routes of spec section 2, each with a name for the screenshot files. */
export const MARKETING_ROUTES = [
  { name: 'landing', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'thank-you', path: '/thank-you?method=paypal&tier=monthly&amount=9.99&subscription_id=I-E2ESHOT' },
  { name: 'faq', path: '/faq' },
  { name: 'knn', path: '/knn' },
  { name: 'about', path: '/about' },
] as const;

export async function useTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => {
    try {
      localStorage.setItem('keisha.theme', value);
    } catch {
      // storage blocked: the default (dark) applies
    }
  }, theme);
}

/** Opens a marketing page and waits until its content, and on /pricing its prices, are on screen. */
export async function openMarketing(page: Page, path: string) {
  await page.goto(path);
  const mount = page.locator('[data-remote="marketing"]');
  await expect(mount.locator('h1')).toBeVisible();
  if (path.startsWith('/pricing')) await expect(mount.getByRole('article', { name: 'Monthly' })).toBeVisible();
  // Fonts and layout settle before anything is measured or photographed.
  await page.evaluate(() => document.fonts.ready);
}
