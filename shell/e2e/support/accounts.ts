import { expect, type Page } from '@playwright/test';

/** An address no earlier run has used. */
export const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** Creates an account through the decoder's sign-up, the one way in for a new person, and waits until it is signed in. */
export async function signUpOnDecoder(page: Page, email: string, password = 'decoder-pass-1') {
  await page.goto('/bias-detection');
  await expect(page.getByText('Guest User')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign in to Keisha' }).getByRole('button', { name: 'Create an account' }).click();
  const create = page.getByRole('dialog', { name: 'Create your Keisha account' });
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Password', { exact: true }).fill(password);
  await create.getByLabel('Confirm Password').fill(password);
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(email)).toBeVisible();
}
