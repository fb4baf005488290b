import { CHAT_EVENTS } from '@keisha/contracts/analytics';
import { CHECKOUT_MESSAGES, type SubscriptionView } from '@keisha/contracts/billing';
import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChatApp from '../App.tsx';
import { UpgradeCheckoutView } from '../features/upgrade/components/upgrade-checkout-view.tsx';
import type { ChatPlansState } from '../features/upgrade/hooks/use-chat-plans.ts';
import { apiError, installFakePlatform, json, usage, type FakePlatform } from '../test-support/fake-platform.ts';
import { signIn } from '../test-support/reader.ts';
import { chatProPurchase } from '../test-support/chat-records.ts';

const usd = (cents: number) => ({ cents, currency: 'USD', display: `$${(cents / 100).toFixed(2)}` });
// Not the spec's prices: the screen must show whatever billing's catalogue says.
const CATALOGUE = {
  success: true,
  chat: {
    plans: [
      { tier: 'Free', name: 'Free', price: usd(0), cashapp_price: null, billing_cycle: null, messages_per_day: 10 },
      { tier: 'Starter', name: 'Starter', price: usd(1150), cashapp_price: usd(1600), billing_cycle: 'monthly', messages_per_day: null },
      { tier: 'Pro', name: 'Pro', price: usd(6100), cashapp_price: usd(7700), billing_cycle: 'yearly', messages_per_day: null },
      { tier: 'Gold', name: 'Gold', price: usd(10100), cashapp_price: usd(15100), billing_cycle: 'lifetime', messages_per_day: null },
    ],
  },
};

let platform: FakePlatform;

function renderSettings() {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/', state: { chatView: 'settings' } }]}>
      <Routes>
        <Route path="/" element={<ChatApp page="chat" />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  platform = installFakePlatform();
  platform.on('GET /api/billing/plans', () => json(CATALOGUE));
  platform.on('GET /api/billing/payment-options', () => json({ success: true, sandbox: true, bitcoin: { provider: 'sandbox' }, cashapp: { cashtag: '$KeishaAI', sandbox: false }, paypal: null }));
  platform.on('GET /api/bias-payment/subscription/:userId', () =>
    json({ success: true, user_id: 'u1', entitlement: { decoder_tier: 'free', chat_tier: 'Free', expires_at: null, lifetime: false }, subscription: null, subscriptions: [] }),
  );
  platform.on('GET /api/chat/usage', () => json({ success: true, usage: usage({ messages_today: 3, remaining: 7 }) }));
});
afterEach(() => {
  platform.restore();
  keishaStore.setState({ auth: initialAuthState });
});

describe('Settings', () => {
  it('shows the account, today’s messages on Free, and the plans priced from billing’s catalogue', async () => {
    signIn();
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('reader@example.org')).toBeTruthy();
    expect(within(account).getByText('Free')).toBeTruthy();
    expect(within(account).getByText('Messages today: 3 / 10')).toBeTruthy();
    expect(within(account).queryByText('Renews on')).toBeNull();

    const plans = await screen.findByRole('region', { name: 'Plans' });
    await waitFor(() => expect(within(plans).getAllByRole('article')).toHaveLength(4));
    const cards = within(plans).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Free', 'Starter', 'Pro', 'Gold']);
    expect(within(cards[0]!).getByText('Current plan')).toBeTruthy();
    expect(within(cards[1]!).getByText('$11.50 per month')).toBeTruthy();
    expect(within(cards[2]!).getByText('$61 per year')).toBeTruthy();
    expect(within(cards[3]!).getByText('$101 one-time')).toBeTruthy();

    const payment = screen.getByRole('region', { name: 'Payment options' });
    expect(payment.textContent).toContain('Starter: $16 per month');
    expect(payment.textContent).toContain('Gold: $151');
    expect(payment.textContent).toContain('$KeishaAI');
    expect(payment.textContent).toContain('reader@example.org');
    expect(payment.textContent).toContain('within 1 hour');

    expect(screen.getByRole('link', { name: /Contact support/ }).getAttribute('href')).toMatch(/^mailto:support@keisha\.ai/);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  const onPro = (purchase: SubscriptionView) => {
    platform.on('GET /api/chat/usage', () => json({ success: true, usage: usage({ plan: 'Pro', messages_today: 42, daily_limit: null, remaining: null, unlimited: true }) }));
    platform.on('GET /api/bias-payment/subscription/:userId', () =>
      json({ success: true, user_id: 'u1', entitlement: { decoder_tier: 'free', chat_tier: 'Pro', expires_at: purchase.current_period_end, lifetime: false }, subscription: null, subscriptions: [purchase] }),
    );
  };

  it('shows the renewal date of a renewing plan, and no daily count', async () => {
    onPro(chatProPurchase());
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    await waitFor(() => expect(within(account).getByText('Pro')).toBeTruthy());
    await waitFor(() => expect(within(account).getByText('Renews on')).toBeTruthy());
    expect(account.textContent).not.toContain('Messages today');
    expect(within(account).getByRole('button', { name: 'Cancel plan' })).toBeTruthy();
  });

  it("tells a Gold reader they have early access (Gold's promise), and nobody else", async () => {
    platform.on('GET /api/chat/usage', () => json({ success: true, usage: usage({ plan: 'Gold', daily_limit: null, remaining: null, unlimited: true }) }));
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(await within(account).findByText(/^Early access: you are on the list, and will be invited to the wider Keisha platform before the waitlist\.$/)).toBeTruthy();
  });

  it('promises no early access on Free', async () => {
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    await within(account).findByText('Messages today: 3 / 10');
    expect(within(account).queryByText(/^Early access/)).toBeNull();
  });

  it('says "Active until", with no Cancel, for a plan already cancelled', async () => {
    onPro(chatProPurchase({ status: 'cancelled', cancelled_at: '2030-04-01T00:00:00.000Z' }));
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    await waitFor(() => expect(within(account).getByText('Active until')).toBeTruthy());
    expect(within(account).queryByText('Renews on')).toBeNull();
    expect(within(account).queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('cancels a renewing plan after a confirm step and shows what follows', async () => {
    onPro(chatProPurchase());
    const cancelled = chatProPurchase({ status: 'cancelled', cancelled_at: '2030-04-01T00:00:00.000Z' });
    platform.on('POST /api/bias-payment/cancel-subscription', () => json({ success: true, subscription: cancelled, access_until: cancelled.current_period_end }));
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    fireEvent.click(await within(account).findByRole('button', { name: 'Cancel plan' }));
    // Nothing is sent before the reader confirms; "Keep my plan" backs out.
    const dialog = within(account).getByRole('alertdialog', { name: 'Cancel the Pro plan?' });
    expect(dialog.textContent).toContain('will not renew');
    expect(platform.requests.some((r) => r.path === '/api/bias-payment/cancel-subscription')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    fireEvent.click(within(account).getByRole('button', { name: 'Cancel plan' }));
    fireEvent.click(within(account).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect(await within(account).findByText(/Your Pro plan is cancelled\. It stays active until .*2031 and will not renew\./)).toBeTruthy();
    expect(within(account).getByText('Active until')).toBeTruthy();
    expect(within(account).queryByText('Renews on')).toBeNull();
    const sent = platform.requests.find((r) => r.path === '/api/bias-payment/cancel-subscription')!;
    expect(sent.body).toEqual({ user_id: 'u1', subscription_id: cancelled.id, expected_status: 'active' });
  });

  it('says why a cancel was refused', async () => {
    onPro(chatProPurchase());
    platform.on('POST /api/bias-payment/cancel-subscription', () =>
      json({ success: false, error: { code: 'NOT_CANCELLABLE', message: 'Failed to cancel subscription', details: { reason: 'This purchase is not an active plan any more.' } } }, 409),
    );
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    fireEvent.click(await within(account).findByRole('button', { name: 'Cancel plan' }));
    fireEvent.click(within(account).getByRole('button', { name: 'Yes, cancel my plan' }));
    expect((await within(account).findByRole('alert')).textContent).toBe('Failed to cancel subscription: This purchase is not an active plan any more.');
  });

  it('falls back to a Free profile with 0 messages when the usage cannot be read', async () => {
    platform.on('GET /api/chat/usage', () => apiError(503, 'UNAVAILABLE', 'down'));
    signIn();
    renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Messages today: 0 / 10')).toBeTruthy();
  });

  it('says so, with a retry, when the catalogue cannot be read (no price is made up)', async () => {
    platform.on('GET /api/billing/plans', () => apiError(503, 'UNAVAILABLE', 'down'));
    signIn();
    renderSettings();
    const plans = screen.getByRole('region', { name: 'Plans' });
    expect((await within(plans).findByRole('alert')).textContent).toContain('The plans could not be loaded.');
    expect(plans.textContent).not.toMatch(/\$\d/);
    platform.on('GET /api/billing/plans', () => json(CATALOGUE));
    fireEvent.click(within(plans).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(plans).getAllByRole('article')).toHaveLength(4));
  });

  it('sends the enterprise demo request and says the spec’s messages', async () => {
    signIn();
    renderSettings();
    const form = screen.getByRole('region', { name: 'Enterprise Solutions' });
    const email = within(form).getByLabelText('Work email');
    const button = within(form).getByRole('button', { name: 'Request a Demo' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    platform.on('POST /api/enterprise-demo-request', () => apiError(400, 'VALIDATION', 'Please enter a valid email address'));
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(button);
    expect((await within(form).findByRole('alert')).textContent).toBe('Please enter a valid email address');

    platform.on('POST /api/enterprise-demo-request', () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(button);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Network error. Please check your connection and try again.'));

    platform.on('POST /api/enterprise-demo-request', () => json({ success: true }, 201));
    fireEvent.change(email, { target: { value: ' cto@university.edu ' } });
    fireEvent.click(button);
    expect((await within(form).findByRole('status')).textContent).toBe("Thank you! We've received your request and will contact you shortly.");
    expect(platform.requests.filter((r) => r.path === '/api/enterprise-demo-request').at(-1)!.body).toEqual({ email: 'cto@university.edu' });
    expect((email as HTMLInputElement).value).toBe('');
  });

  it('runs the upgrade flow: a plan, its checkout, and back again', async () => {
    signIn();
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeTruthy();
    expect(await screen.findByText('$61 per year')).toBeTruthy();
    expect(platform.events().filter((e) => e.event === CHAT_EVENTS.planSelected).map((e) => e.properties)).toEqual([
      expect.objectContaining({ plan: 'Pro', current_plan: 'Free' }),
    ]);
    expect(screen.getByText('Sandbox checkout: no real money moves.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Changed My Mind (Back to Settings)' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'KEISHA' })).toBeTruthy();
  });

  it("puts its sections in the spec's order: account, beta notice, Enterprise Solutions, plans, payment options, Sign Out", async () => {
    signIn();
    renderSettings();
    await screen.findByRole('region', { name: 'Account' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    const at = (name: string) => headings.findIndex((text) => text?.includes(name));
    const order = ['Account', 'Enterprise Solutions', 'Payment options'].map(at);
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const enterprise = screen.getByRole('region', { name: 'Enterprise Solutions' });
    const payment = screen.getByRole('region', { name: 'Payment options' });
    const plan = screen.getByRole('button', { name: 'Upgrade to Pro' });
    const signOut = screen.getByRole('button', { name: 'Sign Out' });
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(enterprise, plan)).toBe(true);
    expect(follows(plan, payment)).toBe(true);
    expect(follows(payment, signOut)).toBe(true);
  });

  it("moves focus to each view's heading as the views switch, and leaves it alone when Settings first opens", async () => {
    signIn();
    renderSettings();
    const settings = screen.getByRole('heading', { level: 1, name: 'Settings' });
    expect(document.activeElement).not.toBe(settings);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const checkout = await screen.findByRole('heading', { level: 1, name: 'Upgrade to Pro' });
    expect(document.activeElement).toBe(checkout);
    expect(checkout.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(screen.getByRole('button', { name: 'Changed My Mind (Back to Settings)' }));
    expect(document.activeElement).toBe(await screen.findByRole('heading', { level: 1, name: 'Settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back to Chat' }));
    await screen.findByRole('textbox', { name: 'Message Keisha' });
    expect(document.activeElement?.tagName).toBe('H1');
  });
});

describe('UpgradeCheckoutView', () => {
  const plans: ChatPlansState = {
    status: 'ready',
    plans: [{ tier: 'Pro', name: 'Pro', price: '$61', cadence: 'per year', messages: 'Unlimited messages', cashAppPrice: '$77', lifetime: false }],
    options: null,
    retry: () => undefined,
  };

  beforeEach(() => signIn());

  it('creates the checkout with billing and goes to the page it returns', async () => {
    platform.on('POST /api/create-checkout-session', () =>
      json({ success: true, url: '/api/billing/sandbox/checkout/c1', session_id: 'c1', amount: 61, currency: 'USD', provider: 'sandbox', instructions: null }, 201),
    );
    const goTo = vi.fn();
    render(<UpgradeCheckoutView plan="Pro" plans={plans} email="reader@example.org" onBack={() => undefined} goTo={goTo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Coinbase' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/api/billing/sandbox/checkout/c1'));
    expect(platform.events().filter((e) => e.event === CHAT_EVENTS.checkoutStarted).map((e) => e.properties)).toEqual([expect.objectContaining({ plan: 'Pro' })]);
    expect(screen.getByRole('button', { name: 'Redirecting to Coinbase...' })).toBeTruthy();
    expect(platform.requests.find((r) => r.path === '/api/create-checkout-session')!.body).toEqual({
      email: 'reader@example.org',
      tier: 'Pro',
      success_url: '/payment-success',
      cancel_url: '/payment-cancelled?plan=Pro',
      payment_method: 'bitcoin',
    });
  });

  it('says the spec’s checkout messages and stays', async () => {
    const goTo = vi.fn();
    const { unmount } = render(<UpgradeCheckoutView plan="Pro" plans={plans} email={null} onBack={() => undefined} goTo={goTo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Coinbase' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_MESSAGES.emailMissing);
    unmount();

    platform.on('POST /api/create-checkout-session', () => apiError(502, 'PAYMENT_FAILED', CHECKOUT_MESSAGES.failed));
    render(<UpgradeCheckoutView plan="Pro" plans={plans} email="reader@example.org" onBack={() => undefined} goTo={goTo} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Coinbase' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_MESSAGES.failed);
    expect(goTo).not.toHaveBeenCalled();
    expect(platform.events().map((e) => e.event)).not.toContain(CHAT_EVENTS.checkoutStarted);
  });
});
