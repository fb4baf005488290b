import { expect, test, type Page } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';
import { openMarketing } from './support/marketing.ts';

// The audit's M7: after a client-side route change, or a switch of the chat's views, keyboard focus lands on the
// new page's main heading instead of staying on <body>; a first load and an in-page change leave focus alone.

/** The tag and text of the focused element. */
/** Opens a marketing page and waits until the live remote has replaced the prerendered copy (whose links load pages). */
async function openLive(page: Page, path: string) {
  await openMarketing(page, path);
  await expect(page.locator('#keisha-prerender')).toHaveCount(0);
  await expect(page.locator('[data-remote="marketing"] h1')).toBeVisible();
}

const focused = (page: Page) => page.evaluate(() => ({ tag: document.activeElement?.tagName ?? '', text: document.activeElement?.textContent?.trim() ?? '' }));

test.describe('focus after navigation', () => {
  test("Enter on a nav link moves focus to the new page's h1, page after page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLive(page, '/about');
    expect((await focused(page)).tag).toBe('BODY');
    const nav = page.getByRole('navigation', { name: 'Main' });

    // /pricing loads a document of its own (shell/src/app/document-policy.ts), so the client-side moves are
    // between the site's other pages.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await nav.getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('[data-remote="marketing"] h1')).toBeFocused();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
    await expect(page.locator('[data-remote="marketing"] h1')).toBeFocused();
    // Client-side moves, not page loads: what the page held is still there.
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // Tab goes on from the heading into the page, not back to "Skip to content".
    await page.keyboard.press('Tab');
    const after = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(after).not.toBe('Skip to content');
  });

  test('a link to the decoder waits for the remote to render its heading', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLive(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'News Network' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'News Decoder' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bias-detection$/);
    await expect(page.locator('[data-remote="decoder"] h1')).toBeFocused();
  });

  test('switching between the chat and Settings moves focus to the view heading', async ({ page }) => {
    test.setTimeout(60_000);
    const email = unique('focus');
    await signUpOnDecoder(page, email, 'focus-pass-1');
    await page.goto('/');
    const chat = page.locator('[data-remote="chat"]');
    await expect(chat.getByText(email)).toBeVisible();
    await chat.getByRole('button', { name: 'Settings' }).click();
    await expect(chat.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
    await chat.getByRole('button', { name: 'Back to Chat' }).click();
    await expect.poll(async () => (await focused(page)).tag).toBe('H1');
  });
});
