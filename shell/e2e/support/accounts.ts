import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { readKeptMessage, waitForVerificationToken } from '../../../shared/service-kit/src/testing/mail-files.ts';
import { E2E_ADMIN, E2E_DATA_DIR } from './platform-env.ts';

/** Where the platform's identity keeps the messages it sends (no SMTP_URL): `mail/` beside its DATA_DIR. */
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');

/** Waits for a message to `email` whose text contains `phrase`, the way its owner would find it in their mail. */
export async function waitForMail(email: string, phrase: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of await readdir(E2E_MAIL_DIR).catch(() => [] as string[])) {
      if (!file.endsWith('.eml')) continue;
      const message = readKeptMessage(await readFile(path.join(E2E_MAIL_DIR, file), 'utf8'));
      if (message.to.toLowerCase().includes(email) && message.text.includes(phrase)) return message;
    }
    if (Date.now() > deadline) throw new Error(`no message to ${email} saying "${phrase}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An address no earlier run has used. */
export const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/**
 * Creates an account through the decoder's sign-up, the one way in for a new person, and waits until it is
 * signed in. Then, unless `confirmAddress` is false, confirms the address as its owner would (issue 27: an
 * unconfirmed account has no chat and only its address's guest allowance): the link of the message identity
 * sent, and the page reloaded so the session's token says the address is confirmed.
 */
export async function signUpOnDecoder(page: Page, email: string, password = 'decoder-violet-canyon-64', { confirmAddress = true } = {}) {
  const create = await openDecoderSignUp(page, email);
  await create.getByLabel('Password', { exact: true }).fill(password);
  await create.getByLabel('Confirm Password').fill(password);
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(email)).toBeVisible();
  if (confirmAddress) await confirmAddressOf(page, email);
}

/**
 * Opens the decoder as a guest, then its sign-in dialog's "Create an account", and fills in `email`: the sign-up
 * dialog, waiting for a password.
 */
export async function openDecoderSignUp(page: Page, email: string): Promise<Locator> {
  await page.goto('/bias-detection');
  await expect(page.getByText('Guest User')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign in to Keisha' }).getByRole('button', { name: 'Create an account' }).click();
  const create = page.getByRole('dialog', { name: 'Create your Keisha account' });
  await create.getByLabel('Email').fill(email);
  return create;
}

/** Confirms `email` with the token of the link mailed to it, then reloads the page to take a token that says so. */
export async function confirmAddressOf(page: Page, email: string) {
  const { token } = await waitForVerificationToken(E2E_MAIL_DIR, email, { timeoutMs: 15_000 });
  const confirmed = await page.request.post('/api/auth/verify-email', { data: { token } });
  expect(confirmed.status()).toBe(200);
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
}

/** Signs in the seeded administrator on the admin sign-in page and waits for the console. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}
