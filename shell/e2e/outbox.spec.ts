import { expect, test } from './support/csp.ts';
import { signInAsAdmin, signUpOnDecoder, unique } from './support/accounts.ts';

// Issue 27: the verification message of a new account is on the admin console's Outbox page within 2 s of the sign-up.
test('the verification mail of a new account is listed on the admin Outbox page within 2 s of signing up', async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();

  const reader = await browser.newContext({ baseURL: baseURL! });
  const email = unique('outbox');
  await signUpOnDecoder(await reader.newPage(), email, undefined, { confirmAddress: false });
  const signedUp = Date.now();

  await page.getByRole('button', { name: 'Refresh' }).click();
  const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible({ timeout: Math.max(1, 2000 - (Date.now() - signedUp)) });
  await expect(row).toContainText('Confirm your e-mail address for Keisha');
  await expect(row).toContainText('Address confirmation');
  await expect(row).toContainText(/Pending|Sent/);
  await reader.close();
});
