import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, test, type Page } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';
import { E2E_DATA_DIR } from './support/platform-env.ts';

// Issue 27: the links in identity's messages, followed the way a reader does, from the .eml files the launcher's
// identity keeps in <data>/mail when no SMTP_URL is set (its DATA_DIR is <data>/identity).
const MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
const PASSWORD = 'decoder-violet-canyon-64';
const NEW_PASSWORD = 'amber-lighthouse-fern-27';

/** The first link to `page` in a message to `email`, waiting for it to arrive (files not in `seen` only). */
async function linkFromMail(email: string, page: string, seen: ReadonlySet<string> = new Set()): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${page}\\?token=[A-Za-z0-9_-]{43}[^\\s"<>]*`);
  const deadline = Date.now() + 15_000;
  const read = new Set(seen);
  for (;;) {
    const files = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.endsWith('.eml') && !read.has(name));
    for (const file of files) {
      read.add(file);
      const mail = await simpleParser(await readFile(path.join(MAIL_DIR, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const link = to === email ? pattern.exec(mail.text ?? '')?.[0] : undefined;
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no /${page} link to ${email} in ${MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mailFiles = async () => new Set(await readdir(MAIL_DIR).catch(() => [] as string[]));

async function openSignIn(page: Page) {
  await page.goto('/bias-detection');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  return page.getByRole('dialog', { name: 'Sign in to Keisha' });
}

test('sign up, confirm the address from the mailed link, then reset a forgotten password through "Forgot password?"', async ({ page }) => {
  const email = unique('mail-links');
  // Signed up without the helper's own confirmation: this test opens the mailed link itself.
  await signUpOnDecoder(page, email, PASSWORD, { confirmAddress: false });

  // The verification message is kept as an .eml file; its link confirms the address.
  const verify = await linkFromMail(email, 'verify-email');
  expect(new URL(verify).origin).toBe(new URL(page.url()).origin);
  await page.goto(verify);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();

  await page.goto('/bias-detection');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Guest User')).toBeVisible();

  // Forgot password? in the sign-in dialog leads to the request form; the answer never says whether the account exists.
  const before = await mailFiles();
  const dialog = await openSignIn(page);
  await dialog.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByText('If an account uses this address, we have sent it a link')).toBeVisible();

  const reset = await linkFromMail(email, 'reset-password', before);
  await page.goto(reset);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText(/common|guess/i); // the policy says why, and the link still works
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed, and every device has been signed out.')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Sign in on the News Decoder' }).click();
  await expect(page.getByText('Guest User')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in to Keisha' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByRole('alert')).toBeVisible();
  await signIn.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByText(email)).toBeVisible();

  // The reset link worked once, and says so as soon as it opens again, with a way to a new one.
  await page.goto(reset);
  await expect(page.getByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeVisible();
  await expect(page.getByText('This link has already been used.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Send me a new reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
});

test('held back by strangers’ failed sign-ins, the owner gets in with a one-time link from the sign-in form', async ({ page, request }) => {
  const email = unique('attacked');
  await signUpOnDecoder(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Guest User')).toBeVisible();
  // 60 wrong passwords from 20 addresses (through the edge, which trusts loopback's X-Forwarded-For): past the
  // account-wide limit, so addresses that never signed in to the account, this browser's too, are held back.
  for (let i = 0; i < 60; i++) {
    const answer = await request.post('/api/bias-auth/login', { data: { email, password: `guess-${i}` }, headers: { 'x-forwarded-for': `198.51.100.${i % 20}` } });
    expect([401, 429]).toContain(answer.status());
  }
  const before = await mailFiles();
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Too many login attempts. Please wait a few minutes before trying again.');
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByText('If an account uses this address, we have sent it a one-time sign-in link.')).toBeVisible();

  const unlock = await linkFromMail(email, 'unlock', before);
  expect(unlock).toContain('next=%2Fbias-detection');
  await page.goto(unlock);
  await page.getByRole('button', { name: 'Sign me in' }).click();
  await expect(page).toHaveURL(/\/bias-detection$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
