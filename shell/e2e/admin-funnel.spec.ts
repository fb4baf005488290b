// Admin figures from the server's truth (issue 28, item 6), clicked through on the whole platform: a reader
// buys the Monthly plan in billing's sandbox and the admin's funnel counts one more purchase, with its revenue,
// from billing; purchase events a browser forges change neither, and an event not on the site's list is refused.
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/csp.ts';
import { signInAsAdmin, unique } from './support/accounts.ts';

async function openAnalytics(page: Page): Promise<{ sales: Locator; funnel: Locator }> {
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const sales = page.getByRole('region', { name: 'Purchases and revenue' });
  await expect(sales.locator('dl')).toBeVisible();
  const funnel = page.getByRole('region', { name: 'From visit to purchase' });
  await funnel.getByText('Table view: From visit to purchase').click();
  return { sales, funnel: funnel.getByRole('table', { name: 'From visit to purchase' }) };
}

/** A figure of the sales region ('Purchased', 'Revenue'), as shown. */
async function figure(sales: Locator, term: string): Promise<string> {
  return (await sales.locator('dl > div', { has: sales.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd').textContent()) ?? '';
}

const cents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);
const dollars = (value: number) => `$${(value / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a sandbox purchase shows in the admin funnel as Purchased, with its revenue, from billing; forged purchase events change nothing', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  const before = await openAnalytics(page);
  const purchasedBefore = Number(await figure(before.sales, 'Purchased'));
  const revenueBefore = cents(await figure(before.sales, 'Revenue'));
  await expect(before.funnel.getByRole('row', { name: new RegExp(`^Purchased Confirmed payments \\(billing\\) ${purchasedBefore} `) })).toBeVisible();

  // A reader, in a browser of their own, creates an account on /pricing and pays $7 in the sandbox.
  const reader = await browser.newContext({ baseURL });
  try {
    const readerPage = await reader.newPage();
    const password = 'funnel-harbor-lantern-28';
    await readerPage.goto('/pricing?plan=monthly&source=paywall&payment=bitcoin&user_type=guest');
    const resume = readerPage.getByRole('region', { name: /Your checkout: Monthly plan/ });
    await resume.getByLabel('Email').fill(unique('funnel'));
    await resume.getByLabel('Password', { exact: true }).fill(password);
    await resume.getByLabel('Confirm password').fill(password);
    await resume.getByRole('button', { name: 'Create account and pay $7.00 with Bitcoin' }).click();
    await expect(readerPage).toHaveURL(/\/api\/billing\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    await readerPage.getByRole('button', { name: 'Pay $7.00' }).click();
    await expect(readerPage.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();

    const after = await openAnalytics(page);
    expect(Number(await figure(after.sales, 'Purchased'))).toBe(purchasedBefore + 1);
    expect(await figure(after.sales, 'Revenue')).toBe(dollars(revenueBefore + 700));
    await expect(after.funnel.getByRole('row', { name: new RegExp(`^Purchased Confirmed payments \\(billing\\) ${purchasedBefore + 1} `) })).toBeVisible();
    await expect(after.funnel.getByRole('row', { name: /^Visited Reported by browsers \(unverified\) [1-9]/ })).toBeVisible();
    await expect(after.sales.getByRole('table', { name: 'Revenue by plan' }).getByRole('row', { name: /^Decoder Monthly [1-9]/ })).toBeVisible();
    await expect(after.sales.getByRole('table', { name: 'Revenue by provider' }).getByRole('row', { name: /^Sandbox \(no real money\) [1-9]/ })).toBeVisible();

    // Someone forges purchases the way /thank-you reports them: stored as browser reports, not counted as sales.
    for (let i = 0; i < 5; i++) {
      const forged = await readerPage.request.post('/api/analytics/track', {
        data: { event: 'purchase', properties: { transaction_id: `forged-${i}`, value: 499, currency: 'USD', payment_method: 'bitcoin', tier: 'annual', session_id: `forged-${i}` } },
      });
      expect(forged.status()).toBe(202);
    }
    const unlisted = await readerPage.request.post('/api/analytics/track', { data: { event: 'purchase_confirmed_by_me', properties: {} } });
    expect(unlisted.status()).toBe(400);

    const forgedView = await openAnalytics(page);
    expect(Number(await figure(forgedView.sales, 'Purchased'))).toBe(purchasedBefore + 1);
    expect(await figure(forgedView.sales, 'Revenue')).toBe(dollars(revenueBefore + 700));
    await expect(forgedView.funnel.getByRole('row', { name: new RegExp(`^Purchased Confirmed payments \\(billing\\) ${purchasedBefore + 1} `) })).toBeVisible();
    const paywall = page.getByRole('region', { name: 'Paywall and purchases' });
    await expect(paywall.getByText('Reported by browsers (unverified)')).toBeVisible();
    await paywall.getByText('Table view: Paywall and purchases per day').click();
    await expect(paywall.getByRole('table', { name: 'Paywall and purchases per day' }).getByRole('columnheader', { name: 'Purchases (browser reports)' })).toBeVisible();
  } finally {
    await reader.close();
  }
});
