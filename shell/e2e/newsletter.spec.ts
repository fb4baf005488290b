import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { readKeptMessage } from '../../shared/service-kit/src/testing/mail-files.ts';
import { expect, test } from './support/csp.ts';
import { confirmAddressOf, E2E_MAIL_DIR, signInAsAdmin, unique } from './support/accounts.ts';

// The Monthly plan's daily newsletter (issue 28, item 2), the way people meet it: a reader who bought Monthly in
// billing's sandbox opts in on the account page; an administrator writes today's issue on the console's
// Newsletter page, sends it, and sees it went out to the reader; the reader's message (kept as an .eml file by
// identity) carries the List-Unsubscribe headers and a link that unsubscribes with one click, no sign-in.

/** The newsletter message identity kept for `email`, as raw text, once it is written. */
async function newsletterFor(email: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(E2E_MAIL_DIR).catch(() => [] as string[])).filter((name) => name.includes('-newsletter-') && name.endsWith('.eml'));
    for (const file of files) {
      const raw = await readFile(path.join(E2E_MAIL_DIR, file), 'utf8');
      if (readKeptMessage(raw).to.toLowerCase().includes(email)) return raw;
    }
    if (Date.now() > deadline) throw new Error(`no newsletter to ${email} in ${E2E_MAIL_DIR}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a Monthly reader opts in on the account page, an administrator sends today’s issue and sees it went out, and the link unsubscribes', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  // A Monthly reader: an account made on /pricing and the Monthly plan bought in billing's sandbox.
  const email = unique('newsletter');
  const password = 'newsletter-harbor-quartz-58';
  await page.goto('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
  const checkout = page.getByRole('region', { name: /Your checkout: Monthly plan/ });
  await checkout.getByLabel('Email').fill(email);
  await checkout.getByLabel('Password', { exact: true }).fill(password);
  await checkout.getByLabel('Confirm password').fill(password);
  await checkout.getByRole('button', { name: /^Create account and pay / }).click();
  await expect(page).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await page.goto('/bias-detection');
  await expect(page.getByText(email)).toBeVisible();
  await confirmAddressOf(page, email);

  // The account page: the plan includes the newsletter; one checkbox opts in.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Daily newsletter' });
  await expect(section.getByText(/the coded term of the day with its explanation/)).toBeVisible();
  const box = section.getByRole('checkbox', { name: 'Send me the daily newsletter' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(section.getByText('You will get the daily newsletter.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Daily newsletter' }).getByRole('checkbox', { name: 'Send me the daily newsletter' })).toBeChecked();

  // The administrator writes today's issue next to the Outbox and sends it now.
  const admin = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await signInAsAdmin(admin);
  const nav = admin.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: 'Outbox' })).toBeVisible();
  await nav.getByRole('link', { name: 'Newsletter' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  const subject = `Three coded words this week ${Date.now()}`;
  await admin.getByLabel('Subject').fill(subject);
  await admin.getByLabel('Body').fill('# This week\n\nThree **new** coded terms, and how to read them.\n\n- inner city\n- law and order');
  await admin.getByRole('button', { name: 'Schedule issue' }).click();
  await expect(admin.getByText(new RegExp(`^Scheduled “${subject}” for \\d{4}-\\d{2}-\\d{2}\\.$`))).toBeVisible();
  await admin.getByRole('button', { name: 'Send today’s now' }).click();
  await expect(admin.getByText(/^Today’s newsletter: [1-9]\d* messages? queued/)).toBeVisible();

  // What went out, and to how many: the issue's row counts the reader.
  const issueRow = admin.getByRole('table', { name: 'Newsletter issues' }).getByRole('row').filter({ hasText: subject });
  await expect(issueRow).toBeVisible();
  await expect(issueRow).toContainText('Sent');
  const wentOut = admin.getByRole('table', { name: 'What went out' }).getByRole('row').filter({ hasText: subject });
  await expect(wentOut).toContainText('Written issue');
  await expect.poll(async () => Number((await wentOut.getByRole('cell').nth(2).textContent())?.trim())).toBeGreaterThanOrEqual(1);

  // The message itself: the issue, the unsubscribe headers, and the link.
  const raw = await newsletterFor(email);
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n(?=[ \t])/g, '');
  expect(headers).toMatch(new RegExp(`^Subject: ${subject}$`, 'm'));
  expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const headerLink = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
  const text = readKeptMessage(raw).text;
  expect(text).toContain('Three **new** coded terms');
  expect(text).toContain(`Unsubscribe with one click: ${headerLink}`);
  expect(new URL(headerLink!).pathname).toBe('/api/identity/newsletter/unsubscribe');

  // The link, opened by someone who is not signed in: one button, then unsubscribed.
  const stranger = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  await stranger.goto(`${new URL(headerLink!).pathname}${new URL(headerLink!).search}`);
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(stranger.getByText('You are unsubscribed from the Keisha daily newsletter.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Daily newsletter' }).getByRole('checkbox', { name: 'Send me the daily newsletter' })).not.toBeChecked();
  await admin.context().close();
  await stranger.context().close();
});
