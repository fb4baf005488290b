import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/csp.ts';
import { signUpOnDecoder, unique } from './support/accounts.ts';

// The chat app as a signed-in person meets it (issue 5), against the whole platform: the chat service
// answers with its offline responder (no model configured), billing runs its sandbox checkout.
const QUESTION = 'How does racial bias show up in AI systems?';

/** Creates an account on the decoder's sign-up, the one way in for a new person, then opens the chat at /. */
async function signUpAndOpenChat(page: Page, email = unique('chat')) {
  await signUpOnDecoder(page, email, 'chat-pass-1');
  await page.goto('/');
  const chat = page.locator('[data-remote="chat"]');
  await expect(chat.getByRole('heading', { name: 'KEISHA' })).toBeVisible();
  await expect(chat.getByText(email)).toBeVisible();
  return { chat, email };
}

/** Serious or critical accessibility problems axe-core finds on the page as it is. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
}

function chatParts(page: Page) {
  const chat = page.locator('[data-remote="chat"]');
  const log = chat.getByRole('log', { name: 'Conversation with Keisha' });
  return {
    chat,
    input: chat.getByRole('textbox', { name: 'Message Keisha' }),
    log,
    lastAnswer: log.locator('li[data-sender="ai"]').last(),
    panel: chat.getByRole('complementary', { name: 'Side panel' }),
  };
}

async function send(page: Page, text: string) {
  const { input } = chatParts(page);
  await expect(input).toBeEnabled();
  await input.fill(text);
  await input.press('Enter');
}

/** Records each new length of the answer being written, to see it arrive piece by piece. */
async function watchAnswerLengths(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __answerLengths: number[] }).__answerLengths = seen;
    new MutationObserver(() => {
      const bubbles = document.querySelectorAll('[role="log"] li[data-sender="ai"]');
      const length = bubbles[bubbles.length - 1]?.textContent?.length ?? 0;
      if (length > 0 && seen[seen.length - 1] !== length) seen.push(length);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test('ask, watch the answer stream, stop it, regenerate, reload, and find the conversation again', async ({ page }) => {
  await signUpAndOpenChat(page);
  const { chat, input, log, lastAnswer, panel } = chatParts(page);

  // A blank message is not sent.
  await input.fill('   ');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.fill('\u200b\u200b\u200b');
  await input.press('Enter');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();

  await watchAnswerLengths(page);
  await send(page, QUESTION);
  await expect(log.getByText(QUESTION)).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'true');
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(lastAnswer).toContainText('offline mode');
  const lengths = await page.evaluate(() => (window as unknown as { __answerLengths: number[] }).__answerLengths);
  // Token by token: the answer grew through many intermediate lengths before it was complete.
  expect(lengths.length).toBeGreaterThan(5);
  expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  const firstAnswer = await lastAnswer.innerText();
  expect(await seriousViolations(page)).toEqual([]);

  // Regenerate the last answer: it is replaced, not added to.
  await chat.getByRole('button', { name: 'Regenerate' }).click();
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(log.locator('li[data-sender="ai"]')).toHaveCount(1);
  await expect(lastAnswer).toContainText('offline mode');
  expect((await lastAnswer.innerText()).length).toBeGreaterThan(firstAnswer.length / 2);

  // Stop with the button while the answer streams: what was written stays, marked stopped.
  await send(page, 'What counter-racist strategies can I practise in daily life?');
  await expect(log.locator('li[data-sender="ai"]')).toHaveCount(2);
  await chat.getByRole('button', { name: 'Stop' }).click();
  await expect(lastAnswer).toContainText('Stopped');
  await expect(log).toHaveAttribute('aria-busy', 'false');
  await expect(input).toBeEnabled();

  // And with Esc.
  await send(page, 'What are the best practices for AI ethics in an enterprise?');
  await expect(log.locator('li[data-sender="ai"]')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(lastAnswer).toContainText('Stopped');

  // A reload comes back to the same conversation, as the service saved it (stopped answers included).
  await page.reload();
  await expect(log.getByText(QUESTION)).toBeVisible();
  await expect(log.locator('li[data-sender="ai"]')).toHaveCount(3);
  await expect(log.getByText('Stopped')).toHaveCount(2);

  // The conversation is in the side panel's list, named after its first message; New Chat leaves it.
  await panel.getByRole('button', { name: '+ New Chat' }).click();
  await expect(chat.getByRole('heading', { name: 'KEISHA' })).toBeVisible();
  await panel.getByRole('button', { name: QUESTION, exact: true }).click();
  await expect(log.getByText(QUESTION)).toBeVisible();
  await expect(panel.getByRole('button', { name: QUESTION, exact: true })).toHaveAttribute('aria-current', 'true');

  // Search finds it by what was said in it.
  await panel.getByRole('button', { name: '+ New Chat' }).click();
  await panel.getByRole('searchbox', { name: 'Search conversations' }).fill('counter-racist strategies');
  const results = panel.getByRole('list', { name: 'Matching conversations' });
  await expect(results.getByRole('button').first()).toContainText(QUESTION);
  await results.getByRole('button').first().click();
  await expect(log.getByText('What counter-racist strategies can I practise in daily life?')).toBeVisible();
});

test('markup is shown as text, a message too long is refused clearly, and an article can be decoded', async ({ page }) => {
  await signUpAndOpenChat(page);
  const { chat, input, log } = chatParts(page);
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs++;
    await dialog.dismiss();
  });

  const hostile = '<script>window.__xss = true</script><img src=x onerror="window.__xss = true"> [run](javascript:window.__xss=true)';
  await send(page, hostile);
  await expect(log.getByText(hostile)).toBeVisible();
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(log.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();

  // 100 KB: the service refuses it (400), the reason is said, and the draft stays to be shortened.
  const huge = 'bias '.repeat(20 * 1024);
  await input.fill(huge);
  await input.press('Enter');
  await expect(log.getByRole('alert')).toHaveText(/Your message is too long: at most 20,000 characters\./);
  await expect(input).toHaveValue(huge);
  await input.fill('');

  // A pasted article is offered to the decoder, which opens with it in its input.
  const article = Array.from(
    { length: 7 },
    (_, i) =>
      `Residents of the riverside district said on day ${i + 1} that officials had described their neighbourhood as overrun and promised to restore law and order before the new development opens.`,
  ).join(' ');
  await send(page, article);
  await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await chat.getByRole('button', { name: 'Decode this article' }).click();
  await expect(page).toHaveURL(/\/bias-detection$/);
  await expect(page.getByRole('textbox', { name: 'Article text' })).toHaveValue(article);
  expect(dialogs).toBe(0);
});

test('the 11th message of a Free day opens the paywall, and Upgrade Now leads to the plans', async ({ page }) => {
  await signUpAndOpenChat(page);
  const { chat, input } = chatParts(page);
  // Ten messages sent through the API with this browser's own session (quicker than ten answers on screen).
  const refreshed = await page.request.post('/api/auth/refresh', { data: {} });
  const { token } = (await refreshed.json()) as { token: string };
  for (let i = 0; i < 10; i++) {
    const response = await page.request.post('/api/chat', { headers: { authorization: `Bearer ${token}` }, data: { message: `Question ${i + 1}` } });
    expect(response.status()).toBe(200);
  }
  await page.reload();
  await send(page, 'One more question');
  const paywall = page.getByRole('dialog', { name: 'Upgrade to Continue' });
  await expect(paywall).toBeVisible();
  await expect(input).toHaveValue('One more question');
  await paywall.getByRole('button', { name: 'Upgrade Now' }).click();
  await expect(chat.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(chat.getByText('Messages today: 10 / 10')).toBeVisible();
});

test('upgrade: settings, checkout, the sandbox payment page, cancel and then pay; the plan changes', async ({ page }) => {
  const { chat, email } = await signUpAndOpenChat(page);
  const { panel } = chatParts(page);

  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect(chat.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const account = chat.getByRole('region', { name: 'Account' });
  await expect(account.getByText(email)).toBeVisible();
  await expect(account.getByText('Free', { exact: true })).toBeVisible();
  await expect(account.getByText('Messages today: 0 / 10')).toBeVisible();
  // Prices come from billing's catalogue.
  const plans = chat.getByRole('region', { name: 'Plans' });
  await expect(plans.getByRole('article', { name: 'Starter' })).toContainText('$9 per month');
  await expect(plans.getByRole('article', { name: 'Pro' })).toContainText('$59 per year');
  await expect(plans.getByRole('article', { name: 'Gold' })).toContainText('$99 one-time');
  await expect(chat.getByRole('region', { name: 'Payment options' })).toContainText('Starter: $15 per month');
  expect(await seriousViolations(page)).toEqual([]);

  // Cancel on the payment page: nothing charged, the same plan offered again.
  await plans.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(chat.getByRole('heading', { level: 1, name: 'Upgrade to Starter' })).toBeVisible();
  await chat.getByRole('button', { name: 'Changed My Mind (Back to Settings)' }).click();
  await expect(chat.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await plans.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await chat.getByRole('button', { name: 'Proceed to Coinbase' }).click();
  await expect(page.getByRole('heading', { name: 'Keisha checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-cancelled/);
  await expect(chat.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
  await expect(chat.getByText('You have not been charged')).toBeVisible();
  await chat.getByRole('button', { name: 'Retry Starter' }).click();
  await expect(chat.getByRole('heading', { level: 1, name: 'Upgrade to Starter' })).toBeVisible();
  await chat.getByRole('button', { name: 'Changed My Mind (Back to Settings)' }).click();

  // Pay for Pro on the sandbox page: back on /payment-success, verified, and the plan is Pro.
  await plans.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(chat.getByText('$59 per year')).toBeVisible();
  await chat.getByRole('button', { name: 'Proceed to Coinbase' }).click();
  await page.getByRole('button', { name: 'Pay $59.00' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(chat.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(chat.getByText('Your upgrade is being processed')).toBeVisible();
  await expect(chat.getByText(/^Charge ID:/)).toBeVisible();
  await expect(chat.getByText('Your Pro plan is active.')).toBeVisible();

  await chat.getByRole('button', { name: 'Go to Chat' }).click();
  await expect(chat.getByRole('heading', { name: 'KEISHA' })).toBeVisible();
  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect(account.getByText('Pro', { exact: true })).toBeVisible();
  await expect(account.getByText('Renews on')).toBeVisible();
  await expect(account.getByText(/Messages today/)).toHaveCount(0);
  await expect(plans.getByRole('article', { name: 'Pro' })).toContainText('Current plan');
});
