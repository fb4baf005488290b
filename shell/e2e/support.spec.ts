import { expect, test, type Page } from './support/csp.ts';
import { signInAsAdmin, signUpOnDecoder, unique, waitForMail } from './support/accounts.ts';

// Priority support (spec section 6: the decoder's Monthly and Annual plans sell it), the way people meet it: an
// Annual reader (bought in billing's sandbox) sends a request from /account and is told it has priority; a
// free reader is told the standard reply time; the administrator sees the Annual reader's request before the
// free reader's older one on the console's Support page and marks it answered; the reader's list says so. And an
// administrator answers a request in the console: the reader is mailed the answer and sees it on the account page.

/** Sends a request from the account page's "Contact support" and waits for the receipt. */
async function sendRequest(page: Page, subject: string, receipt: string) {
  await page.goto('/account#support');
  const section = page.getByRole('region', { name: 'Contact support' });
  await section.getByLabel('Subject').fill(subject);
  await section.getByLabel('Message').fill(`Hello,\nthis is ${subject}.`);
  await section.getByRole('button', { name: 'Send request' }).click();
  await expect(section.getByText(receipt)).toBeVisible();
  const item = section.getByRole('list', { name: 'Your requests' }).getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText('Open')).toBeVisible();
  return section;
}

test('an Annual reader’s request is priority and answered first; a free reader’s is standard', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const run = Date.now();

  // A free reader asks first.
  const free = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await signUpOnDecoder(free, unique('support-free'));
  await free.goto('/account#support');
  const freeSection = free.getByRole('region', { name: 'Contact support' });
  await expect(freeSection.getByText(/We answer requests within three business days\./)).toBeVisible();
  await expect(freeSection.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/pricing');
  const freeSubject = `Free question ${run}`;
  await sendRequest(free, freeSubject, 'We received your request. We will answer by e-mail within three business days.');

  // An Annual reader: an account made on /pricing and the Annual plan bought in billing's sandbox.
  const email = unique('support-annual');
  const password = 'support-harbor-quartz-58';
  await page.goto('/pricing?plan=annual&source=paywall&payment=bitcoin&user_type=guest');
  const checkout = page.getByRole('region', { name: /Your checkout: Annual plan/ });
  await checkout.getByLabel('Email').fill(email);
  await checkout.getByLabel('Password', { exact: true }).fill(password);
  await checkout.getByLabel('Confirm password').fill(password);
  await checkout.getByRole('button', { name: /^Create account and pay / }).click();
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

  await page.goto('/account#support');
  const section = page.getByRole('region', { name: 'Contact support' });
  await expect(section.getByText("Priority support: your Decoder Annual plan's requests are answered first, within one business day.")).toBeVisible();
  const paidSubject = `Annual question ${run}`;
  await sendRequest(page, paidSubject, 'We received your request. We will answer by e-mail within one business day.');
  const paidItem = page.getByRole('region', { name: 'Contact support' }).getByRole('listitem').filter({ hasText: paidSubject });
  await expect(paidItem.getByText('Priority')).toBeVisible();

  // The administrator: the Annual reader's request comes before the free reader's older one.
  const admin = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Support' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const open = admin.getByRole('table', { name: 'Open support requests' });
  await expect(open.getByRole('row').filter({ hasText: freeSubject })).toBeVisible();
  const subjects = await open.getByRole('row').allTextContents();
  const paidAt = subjects.findIndex((text) => text.includes(paidSubject));
  const freeAt = subjects.findIndex((text) => text.includes(freeSubject));
  expect(paidAt).toBeGreaterThan(0);
  expect(paidAt).toBeLessThan(freeAt);
  const paidRow = open.getByRole('row').filter({ hasText: paidSubject });
  await expect(paidRow.getByText('Priority')).toBeVisible();
  await expect(paidRow.getByText('Decoder Annual')).toBeVisible();
  await expect(paidRow.getByRole('link', { name: /^Write to .* by e-mail/ })).toHaveAttribute('href', new RegExp(`^mailto:${email.replace(/[.+]/g, '\\$&')}\\?subject=`));
  await paidRow.getByRole('button', { name: `Mark answered: ${paidSubject}` }).click();
  await expect(open.getByRole('row').filter({ hasText: paidSubject })).toHaveCount(0);
  await admin.getByRole('group', { name: 'Show requests' }).getByRole('button', { name: 'Answered' }).click();
  await expect(admin.getByRole('table', { name: 'Answered support requests' }).getByRole('row').filter({ hasText: paidSubject })).toBeVisible();

  // The reader's list says it is answered.
  await page.reload();
  const answered = page.getByRole('region', { name: 'Contact support' }).getByRole('listitem').filter({ hasText: paidSubject });
  await expect(answered.getByText('Answered')).toBeVisible();
});

test('an administrator answers a request in the console; the reader is mailed the answer and sees it on the account page', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const email = unique('support-answered');
  await signUpOnDecoder(page, email);
  const subject = `Question answered in the console ${Date.now()}`;
  await sendRequest(page, subject, 'We received your request. We will answer by e-mail within three business days.');

  const admin = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Support' }).click();
  const row = admin.getByRole('table', { name: 'Open support requests' }).getByRole('row').filter({ hasText: subject });
  await row.getByRole('button', { name: `Reply to ${email} about ${subject}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Re: ${subject}` });
  await expect(dialog.getByText(`From ${email}`)).toBeVisible();
  const answer = 'Thank you for writing.\nThe decoder keeps your history on your account page.';
  await dialog.getByLabel('Your reply').fill(answer);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText(`Your reply was sent to ${email}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByRole('table', { name: 'Open support requests' }).getByRole('row').filter({ hasText: subject })).toHaveCount(0);
  await admin.getByRole('group', { name: 'Show requests' }).getByRole('button', { name: 'Answered' }).click();
  await expect(admin.getByRole('table', { name: 'Answered support requests' }).getByRole('row').filter({ hasText: subject })).toContainText('The decoder keeps your history');

  const mail = await waitForMail(email, 'The decoder keeps your history on your account page.');
  expect(mail.text).toContain(`this is ${subject}.`);

  await page.reload();
  const item = page.getByRole('region', { name: 'Contact support' }).getByRole('listitem').filter({ hasText: subject });
  await expect(item.getByText('Answered', { exact: true })).toBeVisible();
  await expect(item.getByText(/^Our answer/)).toBeVisible();
  await expect(item.getByText('The decoder keeps your history on your account page.', { exact: false })).toBeVisible();
});
