import { expect, test, type Page } from './support/csp.ts';
import { E2E_ADMIN } from './support/platform-env.ts';
import { openDecoderSignUp, signUpOnDecoder, unique } from './support/accounts.ts';

// One account across decoder, chat and admin (issue 3), the way a person meets it.

test('sign up on the decoder, land on the chat at /, stay signed in across a reload, sign out', async ({ page }) => {
  const email = unique('reader');
  await signUpOnDecoder(page, email);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.goto('/');
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'KEISHA' })).toBeVisible();
  await expect(chat.getByText(email)).toBeVisible();

  await page.reload();
  await expect(page.locator('[data-remote="chat"]').getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
});

test('a guest’s pages ask identity for no session and log no errors; a signed-in reader is restored from the cookie alone', async ({ page }) => {
  const refreshes: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/refresh')) refreshes.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page.locator('[data-remote="marketing"]')).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/bias-detection');
  await expect(page.getByText('Guest User')).toBeVisible();
  expect(refreshes).toEqual([]);
  expect(errors).toEqual([]);

  const email = unique('cookie');
  await signUpOnDecoder(page, email);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'keisha_refresh')?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === 'keisha_session')).toMatchObject({ value: '1', httpOnly: false });
  // The page's own hint gone (storage cleared): the readable cookie still says there is a session.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await expect(page.locator('[data-remote="chat"]').getByText(email)).toBeVisible();
  expect(refreshes.length).toBeGreaterThan(0);
});

test('the decoder’s sign-in shows the spec’s messages', async ({ page }) => {
  await page.goto('/bias-detection');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to Keisha' });
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('nobody-here@example.org');
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password. Please check your credentials and try again.');
});

test('an existing account cannot be created twice, whatever the case of the address', async ({ page }) => {
  const email = unique('twice');
  await signUpOnDecoder(page, email);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign in to Keisha' }).getByRole('button', { name: 'Create an account' }).click();
  const create = page.getByRole('dialog', { name: 'Create your Keisha account' });
  await create.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await create.getByLabel('Password', { exact: true }).fill('amber-glacier-piano-16');
  await create.getByLabel('Confirm Password').fill('amber-glacier-piano-16');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create.getByRole('alert')).toHaveText('An account with this email already exists. Please try logging in instead.');
});

test('signing out in one tab signs out the others', async ({ context }) => {
  const first = await context.newPage();
  await signUpOnDecoder(first, unique('tabs'));
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.locator('[data-remote="chat"]')).toBeVisible();
  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(second.locator('[data-remote="marketing"]')).toBeVisible();
  await expect(first.getByText('Guest User')).toBeVisible();
});

test('admin login from the landing page opens the admin console', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Invalid email or password');
  await dialog.getByLabel('Password').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // Found by the search, not by being on the first page: the earlier specs' readers fill the pages before it.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(E2E_ADMIN.email);
  await expect(page.getByRole('table', { name: 'Users' }).getByText(E2E_ADMIN.email)).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Waitlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
});

test('the admin area refuses a signed-in user who is not an administrator', async ({ page }) => {
  await signUpOnDecoder(page, unique('not-admin'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});

test('a common password is refused at sign-up with the reason, and a passphrase is accepted', async ({ page }) => {
  const email = unique('weak');
  const create = await openDecoderSignUp(page, email);
  for (const weak of ['password', '12345678', 'Password1']) {
    await create.getByLabel('Password', { exact: true }).fill(weak);
    await create.getByLabel('Confirm Password').fill(weak);
    await create.getByRole('button', { name: 'Create Account' }).click();
    await expect(create.getByRole('alert')).toHaveText(
      /^Please check that your email and password meet the requirements\. This is a (heavily|commonly) used password\. Add more words that are less common\.$/,
    );
  }
  await create.getByLabel('Password', { exact: true }).fill('correct-horse-battery-staple-42');
  await create.getByLabel('Confirm Password').fill('correct-horse-battery-staple-42');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(email)).toBeVisible();
});
