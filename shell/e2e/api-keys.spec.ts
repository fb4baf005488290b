import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/platform-env.ts';

// API access (issue 15) the way an administrator meets it: a key made on the account page, used from a
// script against the public API through the edge, its use counted on the page, then revoked and refused.

const ARTICLE = 'Officials said shots were fired during the clashes, and the officer-involved shooting left one man dead in the inner-city neighborhood.';

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** What a developer's script would do: one article with the key, from the same origin. */
function analyseWith(page: Page, key: string) {
  return page.evaluate(
    async ({ key, text }) => {
      const response = await fetch('/api/v1/analyses', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      return { status: response.status, body: await response.json() };
    },
    { key, text: ARTICLE },
  );
}

test('an administrator creates an API key, uses it, sees the use, revokes it, and the key is refused', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/account');
  const section = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'API access' }) });
  const name = `e2e key ${Date.now()}`;
  await section.getByLabel('Key name').fill(name);
  await section.getByRole('button', { name: 'Create key' }).click();
  const shown = section.getByLabel('Your new API key');
  await expect(shown).toHaveText(/^kei_live_[A-Za-z0-9_-]{43}$/);
  const key = (await shown.textContent())!;
  const item = section.getByRole('listitem', { name: `API key ${name}` });
  await expect(item).toContainText(key.slice(0, 13));

  const used = await analyseWith(page, key);
  expect(used.status).toBe(200);
  expect(used.body).toMatchObject({ success: true, translation: { text: expect.any(String) }, key_usage: { used: 1 } });
  expect(used.body.analysis.score).toBeGreaterThanOrEqual(0);

  // Shown once: after a reload the page lists the key with its use, never the key itself.
  await page.reload();
  await expect(item).toContainText('1 of 10,000 articles today');
  await expect(section.getByLabel('Your new API key')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  await item.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(item).toContainText('Revoked');
  const refused = await analyseWith(page, key);
  expect(refused).toEqual({ status: 401, body: { success: false, error: { code: 'API_KEY_REVOKED', message: 'This API key has been revoked.' } } });
});

test('the developers page documents the public API from the OpenAPI file the edge serves', async ({ page, request }) => {
  const openapi = await request.get('/api/v1/openapi.json');
  expect(openapi.status()).toBe(200);
  expect((await openapi.json()).paths).toHaveProperty(['/api/v1/analyses:batch']);
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Keisha API' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'POST /api/v1/analyses:batch' })).toBeVisible();
  await expect(page.getByText('API_KEY_REVOKED')).toBeVisible();
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(page.getByRole('tabpanel', { name: 'JavaScript example' })).toContainText('process.env.KEISHA_API_KEY');
});
