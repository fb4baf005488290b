import { expect, test, type Page } from './support/csp.ts';

// Pages of other remotes than marketing's (whose pages marketing-screenshots.spec.ts photographs at three widths) on a
// phone: nothing wider than the window, and the decoder's header keeps who is reading and Sign In on screen.
// An audit found the header squeezing 'Guest User' to an empty pill and pushing Sign In off a 375 px screen,
// and /developers' tables scrolling the page sideways.

const PHONES = [360, 375] as const;

async function sidewaysOverflow(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const width of PHONES) {
  test(`the decoder's header fits a ${width} px phone, with the reader's name and Sign In on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/bias-detection');
    const header = page.locator('[data-remote="decoder"] header').first();
    const signIn = header.getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeVisible();
    const guest = header.getByText('Guest User', { exact: true });
    await expect(guest).toBeVisible();
    // The name is readable, not cut to an ellipsis, and the button lies wholly inside the window.
    expect(await guest.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const box = await signIn.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    expect(await sidewaysOverflow(page), `/bias-detection at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  });

  test(`/developers does not scroll sideways at ${width} px; its tables scroll in their own box`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/developers');
    await expect(page.locator('[data-remote="marketing"] h1')).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await sidewaysOverflow(page), `/developers at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  });
}
