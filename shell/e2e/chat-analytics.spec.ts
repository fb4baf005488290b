// Issue 14: the chat's use reaches the admin analytics. A signed-in reader sends a chat message; the events the
// site sent carry one browser-session id whichever app sent them (shell, decoder, chat) and none of the words;
// an admin then finds one more message sent on today's row of the Chat chart's table view.
import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import type { Page } from '@playwright/test';
import { signInAsAdmin, signUpOnDecoder, unique } from './support/accounts.ts';
import { expect, test } from './support/csp.ts';

const QUESTION = 'What does redlining have to do with my street?';

interface TrackedEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** Today's "Messages sent" on the admin Analytics page's Chat chart (0 while the chart has no events). */
async function messagesSentToday(page: Page): Promise<number> {
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const chat = page.getByRole('region', { name: 'Chat', exact: true });
  await expect(chat.getByText(/No events in this period|Table view: Chat per day/)).toBeVisible();
  if (await chat.getByText('No events in this period.').isVisible()) return 0;
  await chat.getByText('Table view: Chat per day').click();
  const table = chat.getByRole('table', { name: 'Chat per day' });
  // textContent: the headers are upper-cased by CSS, and innerText would read them that way.
  const headers = await table.getByRole('columnheader').allTextContents();
  const column = headers.findIndex((header) => header.trim() === 'Messages sent');
  if (column < 0) return 0;
  // The period ends today: its last row. The first column is the date (a row header), the rest are cells.
  const today = table.getByRole('row').last();
  return Number((await today.getByRole('cell').nth(column - 1).textContent())?.replaceAll(',', ''));
}

test('a chat message sent by a signed-in reader is counted on the admin Analytics page’s Chat chart', async ({ page, browser, baseURL }) => {
  // The admin in a browser of their own, so the reader's session is the reader's alone.
  const admin = await browser.newContext({ baseURL });
  try {
    const adminPage = await admin.newPage();
    await signInAsAdmin(adminPage);
    const before = await messagesSentToday(adminPage);

    const tracked: TrackedEvent[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/analytics/track')) tracked.push(request.postDataJSON() as TrackedEvent);
    });
    const email = unique('chat-analytics');
    await signUpOnDecoder(page, email, 'chat-pass-1');
    await page.goto('/');
    const chat = page.locator('[data-remote="chat"]');
    await expect(chat.getByRole('heading', { name: 'KEISHA' })).toBeVisible();
    const input = chat.getByRole('textbox', { name: 'Message Keisha' });
    await expect(input).toBeEnabled();

    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/analytics/track') && (response.request().postDataJSON() as TrackedEvent).event === CHAT_EVENTS.messageSent,
    );
    await input.fill(QUESTION);
    await input.press('Enter');
    expect((await stored).status()).toBe(202);
    const log = chat.getByRole('log', { name: 'Conversation with Keisha' });
    await expect(log).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect.poll(() => tracked.map((e) => e.event)).toContain(CHAT_EVENTS.replyCompleted);

    const events = tracked.map((e) => e.event);
    for (const event of ['page_view', 'sign_up', CHAT_EVENTS.opened, CHAT_EVENTS.sessionStarted, CHAT_EVENTS.messageSent, CHAT_EVENTS.replyCompleted]) expect(events).toContain(event);
    // The shell, the decoder and the chat all counted this browser session as one.
    expect(new Set(tracked.map((e) => e.properties.session_id)).size).toBe(1);
    expect(tracked.find((e) => e.event === CHAT_EVENTS.messageSent)!.properties).toMatchObject({ characters: QUESTION.length, new_conversation: true, plan: 'Free' });
    const sent = JSON.stringify(tracked);
    expect(sent).not.toContain('redlining');
    expect(sent).not.toContain(email);

    await expect.poll(() => messagesSentToday(adminPage), { timeout: 20_000 }).toBe(before + 1);
  } finally {
    await admin.close();
  }
});
