import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './platform-env.ts';

/** An address no earlier run has used. */
export const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

/** Creates an account through the decoder's sign-up, the one way in for a new person, and waits until it is signed in. */
export async function signUpOnDecoder(page: Page, email: string, password = 'decoder-violet-canyon-64') {
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

/** Signs in the seeded administrator on the admin sign-in page and waits for the console. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}
