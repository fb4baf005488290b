import { expect, test } from './support/csp.ts';
import { MARKETING_ROUTES, openMarketing, THEMES, useTheme } from './support/marketing.ts';

// Issue 7, the marketing pages (see support/marketing.ts): screenshots at three widths in both themes, attached to
// the results, and nothing wider than the window.

const WIDTHS = [360, 768, 1280] as const;

test.describe('screenshots', () => {
  for (const theme of THEMES) {
    for (const route of MARKETING_ROUTES) {
      test(`${route.name} at 360, 768 and 1280 px (${theme})`, async ({ page }, testInfo) => {
        await useTheme(page, theme);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
          await openMarketing(page, route.path);
          // Bring every video near the screen once, so its player and poster (made on approach) are in the picture.
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
              window.scrollTo(0, y);
              await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
            }
          });
          await expect(page.locator('[data-remote="marketing"] [data-video-placeholder]')).toHaveCount(0);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForLoadState('networkidle');
          // Nothing may be wider than the window: no sideways scrolling from 360 px up.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${route.path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
          const file = testInfo.outputPath(`${route.name}-${width}-${theme}.png`);
          // A window as tall as the page: sections drawn only near the screen (content-visibility) are all on it.
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width, height });
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
          await testInfo.attach(`${route.name}-${width}-${theme}`, { path: file, contentType: 'image/png' });
        }
      });
    }
  }
});
