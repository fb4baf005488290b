import { expect, test } from './support/csp.ts';

// The news decoder as a guest meets it (issue 4). The guest has an address of its own in this run, so this file
// uses that address's 3 analyses on purpose and ends on the paywall.
const ARTICLE = [
  'Officials said shots were fired during the clashes downtown, and the officer-involved shooting left a man dead.',
  'Critics blamed inner-city thugs and urban youth for the unrest, while the mayor promised law and order.',
  '<script>window.__xss = true</script><img src=x onerror="window.__xss = true">',
].join(' ');

test('a guest decodes an article, sees the result safely, and meets the paywall after 3 analyses', async ({ page, context }) => {
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });
  // A guest at an address of its own: other files' guests and unconfirmed sign-ups share loopback's 3 a day.
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '198.51.100.73' } }));
  await page.goto('/bias-detection');
  const article = page.getByRole('textbox', { name: 'Article text' });
  const run = page.getByRole('button', { name: 'RUN ANALYSIS' });
  await expect(run).toBeDisabled();
  // Nothing to analyse (trim() keeps U+200B): the button stays disabled, as the service would refuse it.
  await article.fill('\u200b\u200b\u200b');
  await expect(run).toBeDisabled();

  await article.fill(ARTICLE);
  await run.click();
  const panel = page.getByRole('region', { name: 'AI Agent Analysis' });
  await expect(panel.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Bias score \d+ out of 100$/ })).toBeVisible();

  const findings = page.getByRole('region', { name: 'Detected Euphemisms' });
  await expect(findings.getByText('WF codeword').first()).toBeVisible();
  await expect(findings.getByText(/officer-involved shooting/i).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Analyst Summary' })).not.toBeEmpty();

  // Terms are highlighted in the original text; the article's markup stays text and never runs.
  const original = panel.getByRole('tabpanel', { name: 'Original Text' });
  await expect(original.locator('mark').first()).toBeVisible();
  await expect(original).toContainText('<script>window.__xss = true</script>');
  expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
  await panel.getByRole('tab', { name: 'Keisha Translation' }).click();
  await expect(panel.getByRole('tabpanel', { name: 'Keisha Translation' })).not.toBeEmpty();

  // Two more analyses use up the guest's day; the fourth opens the paywall instead.
  for (let i = 0; i < 2; i++) {
    await run.click();
    await expect(panel.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible();
  }
  await run.click();
  const paywall = page.getByRole('dialog', { name: 'Guest Limit Reached' });
  await expect(paywall).toBeVisible();
  await expect(paywall.getByText('RECOMMENDED')).toBeVisible();
  await expect(paywall.getByText('Usage resets at midnight')).toBeVisible();
  await paywall.getByRole('button', { name: 'Close' }).click();

  // Clearing cookies and storage does not give the guest new analyses: the server counts the address.
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
  await page.getByRole('textbox', { name: 'Article text' }).fill('A second try after clearing cookies.');
  await page.getByRole('button', { name: 'RUN ANALYSIS' }).click();
  await expect(page.getByRole('dialog', { name: 'Guest Limit Reached' })).toBeVisible();
  expect(dialogs).toBe(0);
});
