import { initialAuthState, keishaStore } from '@keisha/store';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '@keisha/config/testing/fake-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthDialog } from './auth-dialog.tsx';

afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  vi.unstubAllGlobals();
});

function renderDialog(onClose = vi.fn()) {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <AuthDialog onClose={onClose} onContinueAsGuest={vi.fn()} />
    </MemoryRouter>,
  );
  return screen.getByRole('dialog', { name: 'Sign in to Keisha' });
}

describe('sign-in dialog: account recovery (issue 27)', () => {
  it('links to the password reset page from sign-in, not from create-account', () => {
    const onClose = vi.fn();
    const dialog = renderDialog(onClose);
    const forgot = within(dialog).getByRole('link', { name: 'Forgot password?' });
    expect(forgot.getAttribute('href')).toBe('/reset-password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it('offers a one-time sign-in link when sign-ins are held back (429), and says it was sent', async () => {
    const api = fakeApi({
      'POST /api/bias-auth/login': { status: 429, json: { success: false, error: { code: 'RATE_LIMITED', message: 'Too many login attempts. Please wait a few minutes before trying again.' } } },
      'POST /api/auth/unlock/request': { json: { success: true } },
    });
    vi.stubGlobal('fetch', api.fetch);
    const dialog = renderDialog();
    expect(within(dialog).queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: ' owner@example.org ' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Email me a sign-in link' }));
    expect(await within(dialog).findByText(/we have sent it a one-time sign-in link/)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/unlock/request').map((call) => call.body)).toEqual([{ email: 'owner@example.org', next: '/bias-detection' }]);
  });
});
