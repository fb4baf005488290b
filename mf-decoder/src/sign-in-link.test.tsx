// /pricing sends a guest who wants to subscribe to /bias-detection?account=sign-in&next=/pricing...: the account
// dialog opens at once, and signing in brings the reader back (audit 2, L2: they were told Sign In "is at the top
// of the News Decoder" and had to find their way back).
import { authSuccess, fakeApi, type FakeApi } from '@keisha/config/testing/fake-api';
import { signInLink } from '@keisha/contracts/identity';
import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DecoderApp from './App.tsx';

const READER = { id: 'u1', email: 'reader@example.org', role: 'user' as const };
let api: FakeApi;

function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>{`now at ${pathname}${search}`}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/bias-detection" element={<DecoderApp page="decoder" />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  api = fakeApi({
    'POST /api/bias-auth/login': authSuccess(READER),
    'GET /api/bias-usage/current': { json: { success: true, usage: { daily_count: 0, limit: 3, daily_limit: 3, subscription_tier: 'free', remaining: 3, unlimited: false, hasReachedLimit: false, shouldPromptUpgrade: false, resets_at: '2999-01-01T00:00:00.000Z' } } },
  });
  vi.stubGlobal('fetch', api.fetch);
  keishaStore.setState({ auth: { ...initialAuthState, sessionRestored: true } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  keishaStore.setState({ auth: initialAuthState });
  localStorage.clear();
});

describe('a link that asks for the sign-in', () => {
  it('opens the account dialog for a guest and, once signed in, goes back to the page that sent them', async () => {
    renderAt(signInLink('/pricing?plan=annual'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Keisha' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: READER.email } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('now at /pricing?plan=annual')).toBeTruthy();
  });

  it('never sends a reader off the site after signing in', async () => {
    renderAt('/bias-detection?account=sign-in&next=%2F%2Fevil.example');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Keisha' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: READER.email } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(READER.email)).toBeTruthy();
    expect(screen.queryByText(/^now at/)).toBeNull();
  });

  it('shows the decoder as usual without the query', async () => {
    renderAt('/bias-detection');
    expect(await screen.findByRole('textbox', { name: 'Article text' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Sign in to Keisha' })).toBeNull();
  });
});
