import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '@keisha/config/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DecoderApp from './App.tsx';
import { USAGE_RECORD_KEY } from './features/analysis/hooks/use-usage.ts';
import { guestUsageAtLimit } from './testing/usage.ts';

// No server answers in these tests (the page's origin, keisha.invalid, never resolves): every request
// fails as a real network failure would, which is the path these tests follow.
const NETWORK_WAIT = { timeout: 15_000 };

function renderPage(page: string) {
  return render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <DecoderApp page={page} />
    </MemoryRouter>,
  );
}

// The shell restores the session at boot; here it is restored with nobody signed in.
beforeEach(() => keishaStore.getState().dispatchAuth({ type: 'RESTORE_SESSION', user: null }));
afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  localStorage.clear();
});

describe('decoder page', () => {
  it('shows the title, a home link, the guest label and both panels in their empty state', () => {
    renderPage('decoder');
    expect(screen.getByRole('heading', { level: 1, name: 'Keisha News Decoder' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Guest User')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Article Content' })).toBeTruthy();
    const analysis = screen.getByRole('region', { name: 'AI Agent Analysis' });
    expect(within(analysis).getByRole('heading', { name: 'Ready to Analyze' })).toBeTruthy();
    // True at every width: the article box is on the left on wide screens and above on phones (the audit's L19).
    expect(within(analysis).getByText(/^Paste an article and run the analysis/)).toBeTruthy();
    expect(within(analysis).queryByText(/on the left/)).toBeNull();
  });

  it("shows the signed-in user's email instead of the guest label", () => {
    keishaStore.getState().dispatchAuth({
      type: 'LOGIN_SUCCESS',
      user: { id: 'u1', email: 'reader@example.org', daily_usage_count: 0, last_usage_reset: '2025-01-01' },
    });
    renderPage('decoder');
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.queryByText('Guest User')).toBeNull();
  });

  it('enables RUN ANALYSIS only once the article has visible text', () => {
    renderPage('decoder');
    const article = screen.getByRole('textbox', { name: 'Article text' });
    const run = screen.getByRole('button', { name: 'RUN ANALYSIS' }) as HTMLButtonElement;
    expect(article.getAttribute('placeholder')).toMatch(/^Paste a news article here\.\.\./);
    expect(run.disabled).toBe(true);
    fireEvent.change(article, { target: { value: '   \n  ' } });
    expect(run.disabled).toBe(true);
    fireEvent.change(article, { target: { value: 'The mayor praised the "urban renewal" plan.' } });
    expect(run.disabled).toBe(false);
    expect(screen.getByText('7 words')).toBeTruthy();
  });
});

describe('running an analysis', () => {
  function typeArticle(text: string) {
    fireEvent.change(screen.getByRole('textbox', { name: 'Article text' }), { target: { value: text } });
  }

  it('shows the connection-problem panel when the service cannot be reached, and says the usage was not synced', async () => {
    renderPage('decoder');
    typeArticle('The council met in the inner city.');
    fireEvent.click(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
    const analysis = screen.getByRole('region', { name: 'AI Agent Analysis' });
    expect(await within(analysis).findByRole('heading', { name: 'Connection problem' }, NETWORK_WAIT)).toBeTruthy();
    expect(within(analysis).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(within(analysis).getByRole('button', { name: 'Test Connection' })).toBeTruthy();
    expect(within(analysis).getByRole('status').textContent).toBe('You are online');
    expect(screen.getByText('Usage could not be synced (Network error during sync).')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Article text' }) as HTMLTextAreaElement).disabled).toBe(false);
  });

  it("keeps 'Analysis failed' and shows the service's reason beneath it, with Try Again, when a service cannot answer", async () => {
    const authDown = 'We could not confirm your sign-in just now. Please try again in a moment.';
    const unreachable = 'The decoder service is not reachable. Please try again shortly.';
    const api = fakeApi({
      'POST /api/bias-analysis': { status: 502, json: { success: false, error: { code: 'UPSTREAM_UNAVAILABLE', message: unreachable } } },
    });
    vi.stubGlobal('fetch', api.fetch);
    try {
      renderPage('decoder');
      typeArticle('The council met in the inner city.');
      fireEvent.click(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
      const analysis = screen.getByRole('region', { name: 'AI Agent Analysis' });
      const alert = await within(analysis).findByRole('alert');
      expect(within(alert).getByText('Analysis failed')).toBeTruthy();
      expect(within(alert).getByText(unreachable)).toBeTruthy();

      api.on('POST /api/bias-analysis', { status: 503, json: { success: false, error: { code: 'AUTH_UNAVAILABLE', message: authDown } } });
      fireEvent.click(within(analysis).getByRole('button', { name: 'Try Again' }));
      expect(await within(analysis).findByText(authDown)).toBeTruthy();
      expect(within(analysis).getByText('Analysis failed')).toBeTruthy();
      expect(api.callsTo('POST /api/bias-analysis')).toHaveLength(2);
      // Nothing about a sign-out, and the article is still there to try again.
      expect(screen.getByText('Guest User')).toBeTruthy();
      expect((screen.getByRole('textbox', { name: 'Article text' }) as HTMLTextAreaElement).value).toBe('The council met in the inner city.');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers no Try Again for an article the service refuses', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'POST /api/bias-analysis': { status: 400, json: { success: false, error: { code: 'INVALID_ARTICLE', message: 'Please paste an article text to analyze.' } } },
      }).fetch,
    );
    try {
      renderPage('decoder');
      typeArticle('x');
      fireEvent.click(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
      const analysis = screen.getByRole('region', { name: 'AI Agent Analysis' });
      expect((await within(analysis).findByRole('alert')).textContent).toBe('The article content is invalid. Please check your input and try again.');
      expect(within(analysis).queryByRole('button', { name: 'Try Again' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses an article longer than the service accepts before sending it', () => {
    renderPage('decoder');
    typeArticle('a'.repeat(200_001));
    fireEvent.click(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This article is too long to analyze. Please shorten it to 200,000 characters or fewer.',
    );
  });

  it('shows the paywall instead of analysing when the usage kept for today is at the limit', async () => {
    const day = localDate();
    localStorage.setItem(
      USAGE_RECORD_KEY,
      JSON.stringify({
        subject: 'guest',
        day,
        usage: guestUsageAtLimit({ resets_at: '2999-01-01T00:00:00.000Z' }),
      }),
    );
    renderPage('decoder');
    expect(screen.getByText('3 of 3 analyses used today')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Upgrade' }).textContent).toContain('You have used 3 of your 3 free analyses today.');
    typeArticle('Officials promised to restore law and order.');
    const run = screen.getByRole('button', { name: 'RUN ANALYSIS' });
    run.focus();
    fireEvent.click(run);

    const paywall = await screen.findByRole('dialog', { name: 'Guest Limit Reached' }, NETWORK_WAIT);
    expect(within(paywall).getByText('Usage resets at midnight')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'AI Agent Analysis' })).getByRole('heading', { name: 'Ready to Analyze' })).toBeTruthy();

    fireEvent.click(within(paywall).getByRole('button', { name: 'Create a free account' }));
    const account = await screen.findByRole('dialog', { name: 'Create your Keisha account' });
    expect(within(account).getByLabelText('Confirm Password')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Guest Limit Reached' })).toBeNull();
    fireEvent.click(within(account).getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'RUN ANALYSIS' }));
  });
});

describe('payment return pages', () => {
  it.each([
    // Without a purchase in its link, the success page has nothing billing could confirm: it claims no payment.
    ['payment-success', 'Payment not found'],
    ['payment-cancel', 'Payment cancelled'],
  ])('%s has its heading and a way back to the decoder', (page, heading) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
  });
});
