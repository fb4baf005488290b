import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initialAuthState, keishaStore } from '@keisha/store';
import { afterEach, describe, expect, it } from 'vitest';
import MarketingApp from './App.tsx';
import { preloadPage } from './pages.tsx';

/** Renders a page as the shell does: its chunk loaded first. */
async function renderPage(page: string) {
  await preloadPage(page);
  render(
    <MemoryRouter>
      <MarketingApp page={page} />
    </MemoryRouter>,
  );
}

describe('MarketingApp', () => {
  it.each([
    ['pricing', 'Pricing'],
    ['about', 'Why and Who'],
    ['faq', 'Frequently Asked Questions'],
    ['knn', 'Keisha News Network'],
    ['thank-you', 'Thank You'],
  ])('renders the %s page with the navigation and its title', async (page, title) => {
    await renderPage(page);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
  });

  it('links the thank-you page to the decoder', async () => {
    await renderPage('thank-you');
    expect(screen.getByRole('link', { name: 'Start Decoding Now' }).getAttribute('href')).toBe('/bias-detection');
  });

  it.each(['landing', 'something-else'])('renders the landing page for %j', async (page) => {
    await renderPage(page);
    expect(screen.getByRole('link', { name: 'Join the Waitlist' }).getAttribute('href')).toBe('#waitlist');
    expect(screen.getByRole('link', { name: 'Try It Now' }).getAttribute('href')).toBe('/bias-detection');
  });

  it('has the landing sections in order, the waitlist form inside #waitlist', async () => {
    await renderPage('landing');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Bias rarely announces itself',
      'One platform for reading between the lines',
      'From article to analysis in three steps',
      'Built for teams that publish, teach and build AI',
      'Be first on the full platform',
      'Keisha in twenty seconds',
    ]);
    const waitlist = document.getElementById('waitlist');
    expect(waitlist?.tagName).toBe('SECTION');
    expect(within(waitlist!).getByRole('form', { name: 'Join the waitlist' })).toBeTruthy();
  });

  it('names the three features of the solution', async () => {
    await renderPage('landing');
    const features = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(features).toEqual(expect.arrayContaining(['News Decoder', 'Keisha, the chat assistant', 'Enterprise AI-ethics audits']));
  });

  it('links the problem section to the BABE study in a new tab', async () => {
    await renderPage('landing');
    const link = screen.getByRole('link', { name: /BABE study/ });
    expect(link.getAttribute('href')).toBe('https://aclanthology.org/2021.findings-emnlp.101/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(['landing', 'pricing'])('opens Admin Login as a modal over the %s page, from the navigation', async (page) => {
    await renderPage(page);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Admin Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Admin Login' });
    expect(within(dialog).getByLabelText('Email')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});

describe("the FAQ's waitlist", () => {
  afterEach(() => keishaStore.setState({ auth: initialAuthState }));

  it('sends a guest to the landing page form', async () => {
    await renderPage('faq');
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/#waitlist');
    expect(screen.queryByRole('form', { name: 'Join the waitlist' })).toBeNull();
  });

  it('gives a signed-in reader, whose / is the chat, the form in place with their address filled in', async () => {
    const user = { id: 'acc-1', email: 'reader@example.org', daily_usage_count: 0, last_usage_reset: '2026-11-21' };
    keishaStore.setState({ auth: { ...initialAuthState, user, isAuthenticated: true, sessionRestored: true } });
    await renderPage('faq');
    const form = screen.getByRole('form', { name: 'Join the waitlist' });
    expect((within(form).getByLabelText('Email address') as HTMLInputElement).value).toBe('reader@example.org');
    expect(within(form).getByRole('button', { name: 'Join Waitlist' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).toBeNull();
  });
});
