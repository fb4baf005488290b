import { expect, test } from './support/csp.ts';
import { openMarketing } from './support/marketing.ts';

// Issue 7, the marketing pages (see support/marketing.ts): keyboard use of the navigation, the news-network
// dropdown, the Admin Login modal, the FAQ accordion and the small-screen menu.

test.describe('keyboard only', () => {
  test('the navigation: Tab reaches every item in order, Enter follows a link', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMarketing(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Keisha' }).focus();
    const order = ['Pricing', 'About', 'FAQ'];
    for (const name of order) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: 'News Network' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(nav.getByRole('link', { name: 'About' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  });

  test('the news-network dropdown: opens on focus, Tab walks its links, Escape closes it and keeps focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMarketing(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'News Network' });
    await nav.getByRole('link', { name: 'FAQ' }).focus();
    await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['News Decoder', 'Political Discourse Repository', 'Decoder Beta']) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name })).toBeFocused();
      // Open by focus within: the trigger says so while focus is on its links (the audit's L15).
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    }
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();

    // Enter pins it open; Tab past its last link closes it.
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // Past its last link, on to the menu's next item (Developers, after the spec's items and the dropdown).
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Developers' })).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Back onto the button opens it again; the decoder link works from the keyboard.
    await page.keyboard.press('Shift+Tab');
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'News Decoder' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bias-detection$/);
  });

  test('the Admin Login modal: opens with Enter, keeps focus inside, closes with Escape and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMarketing(page, '/');
    const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin Login' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Admin Login' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    // The page behind is inert: Tab cycles through the dialog's controls (Chromium lets focus visit its own
    // browser UI between two rounds, which leaves the page's body as the active element), never the page.
    const visited = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((element) => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'browser';
        return element.contains(active) ? `dialog:${active.tagName}:${active.id || active.getAttribute('aria-label') || active.textContent}` : `page:${active.outerHTML.slice(0, 80)}`;
      });
      expect(where).not.toMatch(/^page:/);
      visited.add(where);
    }
    expect([...visited].filter((where) => where.startsWith('dialog:')).length).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Keyboard sign-in attempt: Enter in the password field submits, and the error is announced in the modal.
    await page.keyboard.press('Enter');
    await page.keyboard.type('nobody@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('the FAQ accordion: Enter and Space toggle each question on its own, arrows move between them', async ({ page }) => {
    await openMarketing(page, '/faq');
    const questions = page.locator('[data-remote="marketing"] h3 > button[aria-controls]');
    await expect(questions).toHaveCount(12);
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'What is Keisha?' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(first).toBeFocused();
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'What is Keisha?' })).toBeHidden();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    await expect(questions.nth(11)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
  });

  test('the small-screen menu: opens from the keyboard and closes with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openMarketing(page, '/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
  });
});
