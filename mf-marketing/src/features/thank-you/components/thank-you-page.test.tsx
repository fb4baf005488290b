import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SENT_PURCHASES_KEY } from '../domain/purchase-events.ts';
import { ThankYouPage } from './thank-you-page.tsx';

function renderThankYou(search: string) {
  return render(
    <MemoryRouter initialEntries={[`/thank-you${search}`]}>
      <ThankYouPage />
    </MemoryRouter>,
  );
}

type TrackedEvent = { event: string; properties: Record<string, unknown> };
type FetchSpy = { mock: { calls: Array<Parameters<typeof fetch>> }; mockRejectedValue(error: unknown): unknown };

function trackedEvents(spy: FetchSpy): TrackedEvent[] {
  return spy.mock.calls
    .filter(([url]) => String(url) === '/api/analytics/track')
    .map(([, init]) => JSON.parse(String(init?.body)) as TrackedEvent);
}

let fetchSpy: FetchSpy;
beforeEach(() => {
  localStorage.clear();
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"success":true}', { status: 202 })) as unknown as FetchSpy;
});
afterEach(() => vi.restoreAllMocks());

describe('ThankYouPage', () => {
  it('welcomes the subscriber with the plan, method, amount and subscription id', () => {
    renderThankYou('?method=paypal&tier=monthly&amount=9.99&subscription_id=I-BW452GLLEP1G');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank You');
    // A PayPal return is only a claim until billing has verified it: the page does not call it done yet.
    expect(screen.getByText('Welcome to Keisha. We are confirming your Monthly plan purchase through PayPal now.')).toBeTruthy();
    expect(screen.queryByText(/has been received|is confirmed/)).toBeNull();
    const receipt = screen.getByRole('region', { name: 'Your purchase' });
    expect(within(receipt).getByText('$9.99 USD')).toBeTruthy();
    expect(within(receipt).getByText('I-BW452GLLEP1G')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Decoding Now' }).getAttribute('href')).toBe('/bias-detection');
    expect(screen.getByRole('link', { name: 'support@keisha.ai' }).getAttribute('href')).toMatch(/^mailto:support@keisha\.ai\?subject=/);
    expect(screen.getByText(/December release/)).toBeTruthy();
  });

  it('sends purchase, conversion and conversion_event_purchase once, even when the page is shown again', async () => {
    const search = '?method=paypal&tier=annual&amount=99.99&subscription_id=I-ANNUAL9';
    const first = renderThankYou(search);
    await waitFor(() => expect(trackedEvents(fetchSpy)).toHaveLength(3));
    const events = trackedEvents(fetchSpy);
    expect(events.map((e) => e.event)).toEqual(['purchase', 'conversion', 'conversion_event_purchase']);
    for (const { properties } of events) {
      expect(properties).toMatchObject({ transaction_id: 'I-ANNUAL9', value: 99.99, currency: 'USD', payment_method: 'paypal', tier: 'annual' });
      expect(typeof properties.session_id).toBe('string');
      expect(properties.url).not.toContain('I-ANNUAL9');
    }
    expect(JSON.parse(localStorage.getItem(SENT_PURCHASES_KEY)!)).toEqual(['I-ANNUAL9']);

    first.unmount();
    renderThankYou(search); // a reload: same link, same browser storage
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trackedEvents(fetchSpy)).toHaveLength(3);
  });

  it.each([
    ['missing', ''],
    ['repeated', '?tier=monthly&tier=annual&method=paypal&method=cashapp&amount=9.99&amount=99.99'],
    ['huge', `?method=${'x'.repeat(10_000)}&tier=${'y'.repeat(10_000)}&amount=${'9'.repeat(10_000)}`],
    ['script-bearing', `?method=${encodeURIComponent('<script>alert(1)</script>')}&tier=${encodeURIComponent('<img src=x onerror=alert(1)>')}&amount=${encodeURIComponent('<b>9.99</b>')}`],
  ])('renders %s parameters safely with the defaults, and sends nothing without a transaction', async (_label, search) => {
    const { container } = renderThankYou(search);
    expect(screen.getByText(/Your subscription purchase has been received/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Your purchase' })).getByText('Not stated')).toBeTruthy();
    expect(screen.queryByText('Amount')).toBeNull();
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.innerHTML).not.toContain('alert(1)');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trackedEvents(fetchSpy)).toHaveLength(0);
  });

  it('does not show an amount that is not a number as money', () => {
    renderThankYou('?method=paypal&tier=monthly&amount=free&transaction_id=T-77');
    expect(screen.queryByText('Amount')).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByText('T-77')).toBeTruthy();
  });

  it('keeps working when analytics fails', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    renderThankYou('?transaction_id=T-FAIL&amount=9.99');
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Start Decoding Now' })).toBeTruthy();
  });
});
