import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import DecoderApp from './App.tsx';

function renderPage(page: string) {
  return render(
    <MemoryRouter>
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

describe('payment return pages', () => {
  it.each([
    ['payment-success', 'Payment received'],
    ['payment-cancel', 'Payment cancelled'],
  ])('%s has its heading and a way back to the decoder', (page, heading) => {
    renderPage(page);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
  });
});
