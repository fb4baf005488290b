import { expect, test } from './support/csp.ts';

// Spec section 2: every route reaches the remote that owns it.
const ROUTES: Array<[path: string, remote: string]> = [
  ['/', 'marketing'],
  ['/pricing', 'marketing'],
  ['/thank-you?method=paypal&tier=monthly&amount=9.99', 'marketing'],
  ['/faq', 'marketing'],
  ['/knn', 'marketing'],
  ['/about', 'marketing'],
  ['/bias-detection', 'decoder'],
  ['/microfrag', 'decoder'],
  ['/payment/success', 'decoder'],
  ['/payment/cancel', 'decoder'],
  ['/payment-success?session_id=cs_test_1', 'chat'],
  ['/payment-cancelled', 'chat'],
  ['/admin', 'account'],
  // Reached from every menu, the footer and the decoder and chat headers (issue 28, item 5).
  ['/developers', 'marketing'],
  ['/account', 'account'],
];

for (const [path, remote] of ROUTES) {
  test(`${path} is rendered by the ${remote} remote`, async ({ page }) => {
    await page.goto(path);
    const mount = page.locator(`[data-remote="${remote}"]`);
    await expect(mount).toBeVisible();
    await expect(mount.locator('h1, h2').first()).toBeVisible();
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
  });
}

test('the decoder page shows its first screen', async ({ page }) => {
  await page.goto('/bias-detection');
  await expect(page.getByText('Article Content')).toBeVisible();
  await expect(page.getByText('AI Agent Analysis')).toBeVisible();
  await expect(page.getByText('Ready to Analyze')).toBeVisible();
  await expect(page.getByText('Guest User')).toBeVisible();
});

test('the admin sign-in page is the account remote', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
});

for (const path of ['/nowhere', '/bias-detection/extra', '/pricing/../../etc/passwd', '/%3Cscript%3E']) {
  test(`an unknown path (${path}) lands on /`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  });
}
