import type { Route } from '@playwright/test';
import { expect, test, type Page } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';

// What a reader sees while a service cannot answer (issue 26, items 2 and 6): the service's own reason,
// a way to try again, and never a sign-out. The outage is played at the network boundary (page.route),
// with the bodies the edge and the services send: the edge's 502 when a service is down, a service's 503
// when identity cannot confirm a sign-in.
const AUTH_UNAVAILABLE = 'We could not confirm your sign-in just now. Please try again in a moment.';
const DECODER_UNREACHABLE = 'The decoder service is not reachable. Please try again shortly.';

const errorBody = (code: string, message: string) => JSON.stringify({ success: false, error: { code, message } });

function answer(status: number, code: string, message: string) {
  return (route: Route) => route.fulfill({ status, contentType: 'application/json', headers: { 'retry-after': '5' }, body: errorBody(code, message) });
}

test('the decoder page shows the service’s reason for a failed analysis, and Try Again runs it once the service is back', async ({ page }) => {
  // A guest of its own address: earlier files use up the shared address's analyses.
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '198.51.100.91' } }));
  await page.route('**/api/bias-analysis', answer(502, 'UPSTREAM_UNAVAILABLE', DECODER_UNREACHABLE));

  await page.goto('/bias-detection');
  await page.getByRole('textbox', { name: 'Article text' }).fill('The mayor praised the urban renewal plan for the inner city.');
  await page.getByRole('button', { name: 'RUN ANALYSIS' }).click();
  const panel = page.getByRole('region', { name: 'AI Agent Analysis' });
  // The spec's title, with the edge's reason beneath it.
  await expect(panel.getByRole('alert')).toContainText('Analysis failed');
  await expect(panel.getByText(DECODER_UNREACHABLE)).toBeVisible();

  // The service answers, but cannot confirm who is asking: its reason, not "Analysis failed" alone.
  await page.unroute('**/api/bias-analysis');
  await page.route('**/api/bias-analysis', answer(503, 'AUTH_UNAVAILABLE', AUTH_UNAVAILABLE));
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(panel.getByText(AUTH_UNAVAILABLE)).toBeVisible();
  await expect(panel.getByText(DECODER_UNREACHABLE)).toBeHidden();

  // The service is back: Try Again analyses the article.
  await page.unroute('**/api/bias-analysis');
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(panel.getByRole('heading', { name: 'Analysis Complete' })).toBeVisible({ timeout: 30_000 });
});

async function openChat(page: Page) {
  const email = unique('outage');
  await signUpOnDecoder(page, email, 'outage-pass-1');
  await page.goto('/');
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByText(email)).toBeVisible();
  return { chat, email };
}

test('a chat message refused with 503 AUTH_UNAVAILABLE leaves the reader signed in, says why, and Try Again sends it', async ({ page }) => {
  const { chat, email } = await openChat(page);
  await page.route('**/api/chat/stream', answer(503, 'AUTH_UNAVAILABLE', AUTH_UNAVAILABLE));

  const input = chat.getByRole('textbox', { name: 'Message Keisha' });
  await expect(input).toBeEnabled();
  await input.fill('Is anyone there?');
  await input.press('Enter');
  const log = chat.getByRole('log', { name: 'Conversation with Keisha' });
  await expect(log.getByRole('alert')).toContainText(AUTH_UNAVAILABLE);
  await expect(chat.getByText('You must be logged in to chat.')).toHaveCount(0);
  await expect(chat.getByText(email)).toBeVisible();

  await page.unroute('**/api/chat/stream');
  await log.getByRole('button', { name: 'Try Again' }).click();
  await expect(log.locator('li[data-sender="ai"]').last()).toContainText('offline mode', { timeout: 30_000 });
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(log.getByText('Is anyone there?')).toHaveCount(1);
});

test('identity down at a reload does not sign the reader out: the chat says why, and the session comes back by itself', async ({ page }) => {
  const { email } = await openChat(page);
  await page.route('**/api/auth/refresh', answer(503, 'AUTH_UNAVAILABLE', AUTH_UNAVAILABLE));
  await page.reload();

  // Still the chat at /, not the landing page of a signed-out visitor.
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByText(AUTH_UNAVAILABLE)).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Admin Login' })).toHaveCount(0);

  // Identity answers again: the page confirms the session without being asked.
  await page.unroute('**/api/auth/refresh');
  await expect(chat.getByText(email)).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByRole('textbox', { name: 'Message Keisha' })).toBeEnabled();
  await expect(chat.getByText(AUTH_UNAVAILABLE)).toHaveCount(0);
});

test('a signed-in reader sees "Loading..." at / while the session is restored, never a blank page, then the chat', async ({ page }) => {
  const { email } = await openChat(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/refresh', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();

  const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
  await expect(loading).toBeVisible();
  const box = await loading.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(10); // seen, not only announced
  await expect(page.locator('[data-remote="marketing"]')).toHaveCount(0);

  release();
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByText(email)).toBeVisible({ timeout: 20_000 });
  await expect(loading).toHaveCount(0);
});
