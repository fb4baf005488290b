import type { Money } from '@keisha/contracts/billing';
import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPlansSection } from './chat-plans-section.tsx';

const usd = (cents: number): Money => ({ cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` });

/** The chat part of billing's GET /api/billing/plans (the spec's prices). */
const CHAT_PLANS = [
  { tier: 'Free', name: 'Free', price: usd(0), cashapp_price: null, billing_cycle: null, messages_per_day: 10 },
  { tier: 'Starter', name: 'Starter', price: usd(900), cashapp_price: usd(1500), billing_cycle: 'monthly', messages_per_day: null },
  { tier: 'Pro', name: 'Pro', price: usd(5900), cashapp_price: usd(7500), billing_cycle: 'yearly', messages_per_day: null },
  { tier: 'Gold', name: 'Gold', price: usd(9900), cashapp_price: usd(15000), billing_cycle: 'lifetime', messages_per_day: null },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answerCatalogue(respond: () => Response | Promise<Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/billing/plans' ? respond() : json({ success: false, error: { code: 'NOT_FOUND', message: 'no' } }, 404),
  );
}

function renderSection() {
  render(
    <MemoryRouter>
      <ChatPlansSection />
    </MemoryRouter>,
  );
  return document.getElementById('chat-plans')!;
}

afterEach(() => {
  vi.restoreAllMocks();
  keishaStore.setState({ auth: initialAuthState });
});

describe('ChatPlansSection', () => {
  it('shows Starter, Pro and Gold with their prices from billing, and never says the chat is coming', async () => {
    answerCatalogue(() => json({ success: true, chat: { plans: CHAT_PLANS } }));
    const section = renderSection();
    expect(within(section).getByText('Loading chat prices...')).toBeTruthy();
    const names = await within(section).findAllByRole('heading', { level: 3 });
    expect(names.map((h) => h.textContent)).toEqual(['Free', 'Starter', 'Pro', 'Gold']);
    const text = section.textContent ?? '';
    for (const shown of ['$9.00 per month', '$59.00 per year', '$99.00 one-time, lifetime access', '10 messages a day', 'Cash App: $150.00']) {
      expect(text).toContain(shown);
    }
    expect(text).not.toMatch(/coming soon|waitlist|December/i);
  });

  it('sends a guest to create an account, and a signed-in reader to the chat', async () => {
    answerCatalogue(() => json({ success: true, chat: { plans: CHAT_PLANS } }));
    const section = renderSection();
    expect(within(section).getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe('/bias-detection');
    act(() =>
      keishaStore.getState().dispatchAuth({
        type: 'RESTORE_SESSION',
        user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
      }),
    );
    expect(within(section).getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe('/');
    await within(section).findByText('Gold');
  });

  it('says when billing cannot be reached, and Try again asks again', async () => {
    let up = false;
    const fetchSpy = answerCatalogue(() => (up ? json({ success: true, chat: { plans: CHAT_PLANS } }) : json({ success: false, error: { code: 'UNAVAILABLE', message: 'down' } }, 503)));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const section = renderSection();
    const alert = (await within(section).findByText(/The chat plans could not be loaded\./)).closest('p')!;
    up = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Starter')).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/billing/plans').length).toBeGreaterThanOrEqual(2);
  });
});
