import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import { waitForVerificationToken } from '../../shared/service-kit/src/testing/mail-files.ts';
import { expect, test, type Page } from './support/csp.ts';
import { E2E_MAIL_DIR, signInAsAdmin, signUpOnDecoder, unique, waitForMail } from './support/accounts.ts';

// Deleting an account from /account (audit 2, L9), the way a reader meets it: a reader with a conversation first
// downloads a copy of their data (the file holds the conversation; a paying reader's holds the purchase), then deletes
// the account (a wrong password first), is signed out here and in their other tab, is mailed a confirmation, can no
// longer sign in with the old password, and the same address then makes a new, empty account. And an administrator
// deletes a reader's account from the console's Users page.

const QUESTION = 'How does racial bias show up in AI systems?';
const PASSWORD = 'erase-lantern-orchid-73';

/** Asks the chat at / one question and waits for its answer. */
async function askTheChat(page: Page, question: string) {
  await page.goto('/');
  const chat = page.locator('[data-remote="chat"]');
  const input = chat.getByRole('textbox', { name: 'Message Keisha' });
  await expect(input).toBeEnabled();
  await input.fill(question);
  await input.press('Enter');
  const log = chat.getByRole('log', { name: 'Conversation with Keisha' });
  await expect(log.getByText(question)).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

/** Saves "Download your data" from /account, as a reader would, and reads the file. */
async function downloadMyData(page: Page): Promise<{ name: string; file: Record<string, any> }> {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Download your data' });
  const saved = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await saved;
  const name = download.suggestedFilename();
  await expect(section.getByText(`Your file ${name} was downloaded.`)).toBeVisible();
  return { name, file: JSON.parse(await readFile(await download.path(), 'utf8')) };
}

test('a reader deletes their account: signed out everywhere, the old password opens nothing, and the address starts afresh', async ({ page, context }) => {
  test.setTimeout(180_000);
  const email = unique('deleted');
  await signUpOnDecoder(page, email, PASSWORD);
  await askTheChat(page, QUESTION);
  const panel = page.locator('[data-remote="chat"]').getByRole('complementary', { name: 'Side panel' });
  await expect(panel.getByRole('button', { name: QUESTION, exact: true })).toBeVisible();

  // The same reader in a second tab.
  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab.locator('[data-remote="chat"]').getByText(email)).toBeVisible();

  // First a copy of their data: the file holds the account and the conversation, gathered from identity and the chat.
  const { name, file } = await downloadMyData(page);
  expect(name).toMatch(/^keisha-data-\d{4}-\d{2}-\d{2}\.json$/);
  expect(file.format).toBe('keisha-account-export/1');
  expect(file.identity.account[0].email).toBe(email);
  expect(JSON.stringify(file.chat)).toContain(QUESTION);
  expect(JSON.stringify(file)).not.toContain(PASSWORD);

  // The final button only after the first step; a wrong password is said on its field and deletes nothing.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete your account' });
  await expect(section.getByText(/nothing is refunded for the time left/)).toHaveCount(0); // a free reader has no plan to lose
  await expect(section.getByRole('button', { name: 'Delete my account for good' })).toHaveCount(0);
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const password = section.getByLabel('Your password, to confirm');
  await expect(password).toBeFocused();
  await password.fill('not-my-password-at-all');
  await section.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(section.getByText('Your password is incorrect.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  const axe = await new AxeBuilder({ page }).include('section[aria-labelledby$="-delete"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
  await expect(page.getByText(`Your account was deleted. We sent a confirmation to ${email}.`)).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'keisha_refresh')).toBeUndefined();
  // Signed out here and in the other tab.
  await expect(otherTab.locator('[data-remote="marketing"]')).toBeVisible();
  await page.reload();
  await expect(page.getByText(/You are not signed in\./)).toBeVisible();
  await waitForMail(email, `The Keisha account ${email} was deleted on the account page`);

  // The old password opens nothing.
  await page.goto('/bias-detection');
  await expect(page.getByText('Guest User')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to Keisha' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');

  // The address is free: a new account, confirmed by the new link (not the first account's), and empty.
  const mailBefore = new Set(await readdir(E2E_MAIL_DIR));
  await signUpOnDecoder(page, email, 'second-life-meadow-29', { confirmAddress: false });
  const { token } = await waitForVerificationToken(E2E_MAIL_DIR, email, { timeoutMs: 15_000, after: mailBefore });
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  await page.goto('/');
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByText(email)).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message Keisha' })).toBeEnabled();
  await expect(chat.getByRole('complementary', { name: 'Side panel' }).getByRole('button', { name: QUESTION, exact: true })).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Delete your account' })).toBeVisible();
});

test('a reader paying for a plan is told it ends now without a refund, by its name, before deleting', async ({ page }) => {
  test.setTimeout(120_000);
  // An account made on /pricing and the Monthly plan bought in billing's sandbox.
  await page.goto('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
  const checkout = page.getByRole('region', { name: /Your checkout: Monthly plan/ });
  await checkout.getByLabel('Email').fill(unique('deleted-paid'));
  await checkout.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await checkout.getByLabel('Confirm password').fill(PASSWORD);
  await checkout.getByRole('button', { name: /^Create account and pay / }).click();
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  // The copy of their data holds the purchase, from billing.
  const { file } = await downloadMyData(page);
  expect(JSON.stringify(file.billing)).toMatch(/"tier":"monthly"/);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete your account' });
  await expect(
    section.getByText('Your News Decoder Monthly plan ends now with your account: it will not renew, and nothing is refunded for the time left.'),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await section.getByLabel('Your password, to confirm').fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
});

test('an administrator deletes a reader’s account from the console: the address typed, the reader signed out and mailed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = unique('deleted-by-admin');
  await signUpOnDecoder(page, email, PASSWORD);

  const consoleContext = await browser.newContext();
  const admin = await consoleContext.newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const users = admin.getByRole('table', { name: 'Users' });
  const row = users.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = admin.getByRole('dialog', { name: `Delete ${email} for good?` });
  const confirm = dialog.getByRole('button', { name: 'Delete this account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the account’s address to confirm').fill(` ${email.toUpperCase()} `);
  await confirm.click();
  await expect(admin.getByText(`${email} was deleted.`)).toBeVisible();
  // The row is gone: the search now finds nobody.
  await expect(users.getByText(`No users match “${email}”.`)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete account…' })).toHaveCount(0);
  await consoleContext.close();

  // The reader is signed out, and told by mail who deleted the account.
  await page.reload();
  await expect(page.getByText('Guest User')).toBeVisible();
  await waitForMail(email, `The Keisha account ${email} was deleted by a Keisha administrator`);
});
