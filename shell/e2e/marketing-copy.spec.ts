import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signUpOnDecoder, unique } from './support/accounts.ts';
import { expect, test } from './support/csp.ts';
import { openMarketing } from './support/marketing.ts';

// The marketing pages (see support/marketing.ts) say what the platform does: the engine's scores and figures, and
// the links to the account page and the API documentation.

// Issue 28, item 5: the copy tells the truth, checked the way a reader meets it.
test.describe('copy tells the truth', () => {
  const generated = (file: string) =>
    JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', 'mf-marketing', 'src', 'features', file), 'utf8')) as Record<string, any>;

  test("the landing card's score is the one the decoder gives its sentence", async ({ page }) => {
    await openMarketing(page, '/');
    const card = page.getByTestId('decoder-example');
    const label = await card.getByRole('img', { name: /^Bias score \d+ out of 100/ }).getAttribute('aria-label');
    const score = Number(/Bias score (\d+)/.exec(label ?? '')?.[1]);
    expect(score).not.toBe(68);
    const sentence = (await card.locator('blockquote').textContent())!.trim();

    // A guest of an address of its own: the suite's other guests and unconfirmed sign-ups share loopback's 3 a day.
    await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '198.51.100.47' } }));
    await page.goto('/bias-detection');
    await page.getByRole('textbox', { name: 'Article text' }).fill(sentence);
    await page.getByRole('button', { name: 'RUN ANALYSIS' }).click();
    const panel = page.getByRole('region', { name: 'AI Agent Analysis' });
    await expect(panel.getByRole('img', { name: `Bias score ${score} out of 100` })).toBeVisible({ timeout: 30_000 });
  });

  test('the demo video\'s captions say the score the engine gives its article', async ({ page }) => {
    const demo = generated('landing/domain/engine-examples.json').demo;
    await openMarketing(page, '/');
    await expect(page.getByText(`The bias score comes back: ${demo.score} out of 100`).first()).toBeAttached();
    // The player is made only when it nears the screen; the demo is the first video of the page.
    await page.locator('[data-remote="marketing"] [data-video-placeholder]').first().scrollIntoViewIfNeeded();
    const video = page.locator('[data-remote="marketing"] video').first();
    await expect(video).toBeAttached();
    const captions = await video.evaluate(async (element: HTMLVideoElement) => {
      const track = element.querySelector('track');
      return track ? await fetch(track.src, { mode: 'cors' }).then((response) => response.text()) : '';
    });
    expect(captions).toContain(`${demo.score} out of 100, in the`);
  });

  test('/knn quotes the evaluation eval:decoder prints, and calls the chat live', async ({ page }) => {
    const figures = generated('knn/domain/evaluation-figures.json');
    await openMarketing(page, '/knn');
    const evaluation = page.getByTestId('knn-evaluation');
    await expect(evaluation).toContainText(`macro F1 of ${figures.heldOut.macroF1.toFixed(4)}`);
    await expect(evaluation).toContainText(`ROC AUC of ${figures.heldOut.auc.toFixed(4)}`);
    const chatCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Keisha, the chat assistant' }) });
    await expect(chatCard.getByText('Live', { exact: true })).toBeVisible();
    await chatCard.getByRole('link', { name: 'See the chat plans' }).click();
    await expect(page).toHaveURL(/\/pricing#chat-plans$/);
  });

  test('the API documentation and the account page are reached from the menu, the footer and the decoder header', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openMarketing(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Developers' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.locator('[data-remote="marketing"] h1')).toBeVisible();
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('[data-remote="account"]')).toBeVisible();

    await openMarketing(page, '/faq');
    await page.locator('footer').getByRole('link', { name: 'Developers and API' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await page.locator('footer').getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/bias-detection');
    const decoderHeader = page.locator('[data-remote="decoder"] header').first();
    await decoderHeader.getByRole('link', { name: 'API' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await page.goto('/bias-detection');
    await decoderHeader.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test("the chat's header links the account page and the API documentation", async ({ page }) => {
    const email = unique('copy');
    await signUpOnDecoder(page, email);
    await page.goto('/');
    const links = page.locator('[data-remote="chat"]').getByRole('navigation', { name: 'Your account' });
    await links.getByRole('link', { name: 'API' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await page.goto('/');
    await links.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.locator('[data-remote="account"]').getByText(email).first()).toBeVisible();
  });

  test('every page draws the one logo', async ({ page }) => {
    for (const [route, remote] of [['/', 'marketing'], ['/bias-detection', 'decoder'], ['/account', 'account']] as const) {
      await page.goto(route);
      await expect(page.locator(`[data-remote="${remote}"] svg[data-keisha-logo]`).first()).toBeVisible();
    }
  });
});
