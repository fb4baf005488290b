import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFixture } from '../test/catalogue-fixture.ts';
import { PricingPage } from './pricing-page.tsx';

function renderPricing(path = '/pricing') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PricingPage />
    </MemoryRouter>,
  );
}

function answerWith(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.restoreAllMocks());

describe('PricingPage', () => {
  it('shows a loading state, then the three tiers with the prices of the catalogue', async () => {
    const fetchSpy = answerWith(catalogueFixture());
    renderPricing();
    expect(screen.getByRole('status').textContent).toBe('Loading current prices...');
    const monthly = await screen.findByRole('article', { name: 'Monthly' });
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/billing/plans');
    expect(within(monthly).getByText('$12.34')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Annual' })).getByText('Save $28.08 a year against paying monthly')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Free' })).getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/bias-detection');
  });

  it('without a PayPal client id, says online payment is not configured and links to the decoder', async () => {
    answerWith(catalogueFixture());
    renderPricing();
    for (const name of ['Monthly', 'Annual']) {
      const card = await screen.findByRole('article', { name });
      expect(within(card).getByText(/^Online payment is not configured on this site yet\./)).toBeTruthy();
      expect(within(card).getByRole('link', { name: "See the decoder's plans" }).getAttribute('href')).toBe('/bias-detection');
    }
    expect(document.querySelector('script[src*="paypal"]')).toBeNull();
  });

  it('explains a failed catalogue and loads it again on Try again', async () => {
    const fetchSpy = answerWith({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }, 503);
    renderPricing();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load current prices right now.');
    expect(screen.queryByRole('article', { name: 'Monthly' })).toBeNull();
    fetchSpy.mockResolvedValue(new Response(JSON.stringify(catalogueFixture()), { status: 200 }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Monthly' })).toBeTruthy();
  });

  it('treats an answer that is not a catalogue as a failure', async () => {
    answerWith({ success: true, marketing: 'nope' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPricing();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load current prices');
  });

  it('has the decoder banner, the enterprise onboarding form and the chat waitlist link', () => {
    answerWith(catalogueFixture());
    renderPricing();
    expect(screen.getByRole('complementary', { name: 'News Decoder' })).toBeTruthy();
    const onboarding = screen.getByRole('link', { name: /Start enterprise onboarding/ });
    expect(onboarding.getAttribute('href')).toMatch(/^https:\/\//);
    expect(onboarding.getAttribute('target')).toBe('_blank');
    expect(onboarding.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/#waitlist');
  });

  it("points at the plan chosen in the decoder's paywall, and tells a guest to make an account first", async () => {
    answerWith(catalogueFixture());
    renderPricing('/pricing?plan=monthly&source=paywall&payment=cashapp&user_type=guest');
    expect(within(await screen.findByRole('article', { name: 'Monthly' })).getByText('Your choice')).toBeTruthy();
    expect(screen.getByText(/Paid plans belong to an account/)).toBeTruthy();
  });
});
