// Issue 14: a remote that fails reports once; an admin opens the analytics page and sees the funnel, the daily
// charts with their table views, and the failure counted; services' metrics answer on their own ports only.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/accounts.ts';
import { defaultRemotes, ports, resetRemotes, writeRemotes } from './support/remotes.ts';

test.afterEach(() => resetRemotes());

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
}

test('a remote that fails to load is reported once, however often Retry is pressed', async ({ page }) => {
  const reports: Array<Record<string, unknown>> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/client-errors')) reports.push(request.postDataJSON());
  });
  writeRemotes({ ...defaultRemotes(), decoder: defaultRemotes().decoder.replace('mf-manifest.json', 'gone/mf-manifest.json') });
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/analytics/client-errors'));
  await page.goto('/bias-detection?from=newsletter');
  const fallback = page.locator('[data-remote-fallback="decoder"]');
  await expect(fallback).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => reports.length).toBe(1);
  expect(reports[0]).toMatchObject({ remote: 'decoder', version: 'unknown', route: '/bias-detection', kind: 'load' });
  expect((await stored).status()).toBe(202);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(fallback).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(300);
  expect(reports).toHaveLength(1);
});

test('an admin opens Analytics and sees the funnel and daily charts, each with its table, and the failure counted', async ({ page, browser, baseURL }, testInfo) => {
  // A reader's visits, in a browser of their own, so the funnel has a first step.
  const reader = await browser.newContext({ baseURL });
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto('/pricing');
    await expect(readerPage.locator('[data-remote="marketing"] h1')).toBeVisible();
    await readerPage.goto('/faq');
    await expect(readerPage.locator('[data-remote="marketing"] h1')).toBeVisible();
    // A failure as the shell reports it (the test above makes one too; this one stands alone).
    const report = await readerPage.request.post('/api/analytics/client-errors', {
      data: { remote: 'decoder', version: '1.0.0', route: '/bias-detection', kind: 'load', message: 'Remote "decoder" is unavailable: e2e' },
    });
    expect(report.status()).toBe(202);
  } finally {
    await reader.close();
  }
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  const funnel = page.getByRole('region', { name: 'From visit to purchase' });
  await expect(funnel.getByRole('img', { name: /Bar chart: browser sessions at each step/ }).locator('canvas')).toBeVisible();
  await funnel.getByText('Table view: From visit to purchase').click();
  const funnelTable = funnel.getByRole('table', { name: 'From visit to purchase' });
  await expect(funnelTable.getByRole('row', { name: /^Visited Reported by browsers \(unverified\) [1-9]/ })).toBeVisible();

  const visits = page.getByRole('region', { name: 'Visits and sign-ups' });
  await expect(visits.getByRole('img', { name: /Line chart: Visits and sign-ups per day over the last 30 days/ }).locator('canvas')).toBeVisible();
  await visits.getByText('Table view: Visits and sign-ups per day').click();
  const daily = visits.getByRole('table', { name: 'Visits and sign-ups per day' });
  await expect(daily.getByRole('row')).toHaveCount(31);
  await expect(daily.getByRole('columnheader', { name: 'Page views' })).toBeVisible();

  const errors = page.getByRole('region', { name: 'Front-end errors' });
  await expect(errors.getByRole('table', { name: 'Most reported front-end errors' }).getByRole('row', { name: /unavailable: e2e/ })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
  await testInfo.attach('analytics-page.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(daily.getByRole('row')).toHaveCount(8);
});

test('services answer /metrics on their own ports, and the public site does not', async ({ request }) => {
  for (const port of Object.values(ports.services)) {
    const direct = await request.get(`http://127.0.0.1:${port}/metrics`);
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toContain('http_request_duration_seconds');
  }
  for (const path of ['/metrics', '/api/metrics', '/api/../metrics', '/api/decoder/../../metrics']) {
    const response = await request.get(path);
    expect(await response.text(), path).not.toContain('http_request_duration_seconds');
  }
});
