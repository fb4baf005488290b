import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import AccountApp from '../../../App.tsx';
import { signedOut, fakeApiForEachTest } from '../../../testing/session.ts';
import { apiFailure } from '../../../testing/api-failure.ts';

const TOKEN = 'T'.repeat(43);
const api = fakeApiForEachTest();
beforeEach(() => {
  signedOut(api);
});

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        {['verify-email', 'reset-password', 'confirm-email-change', 'unlock'].map((page) => (
          <Route key={page} path={`/${page}`} element={<AccountApp page={page} />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

describe('pages of mailed links (issue 27)', () => {
  it('confirms the address from the verification link as it opens', async () => {
    api.on('POST /api/auth/verify-email', { json: { success: true } });
    renderAt(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByText('Your e-mail address is confirmed. Thank you!')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/verify-email').map((call) => call.body)).toEqual([{ token: TOKEN }]);
  });

  it('asks for the address without a token, and says the same whatever the answer would reveal', async () => {
    api.on('POST /api/auth/password-reset/request', { json: { success: true } });
    renderAt('/reset-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' reader@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByText(/If an account uses this address, we have sent it a link/)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password-reset/request').map((call) => call.body)).toEqual([{ email: 'reader@example.org' }]);
  });

  it('sets the new password with the token, showing the server’s reason for a weak one', async () => {
    api.on('POST /api/auth/password-reset', (request) =>
      (request.body as { new_password: string }).new_password === 'password123'
        ? apiFailure(400, 'WEAK_PASSWORD', 'This is a commonly used password.')
        : { json: { success: true } },
    );
    api.on('POST /api/auth/password-reset/check', { json: { success: true } });
    renderAt(`/reset-password?token=${TOKEN}`);
    await screen.findByLabelText('New password');
    expect(api.callsTo('POST /api/auth/password-reset/check').map((call) => call.body)).toEqual([{ token: TOKEN }]);
    const fill = (value: string) => {
      fireEvent.change(screen.getByLabelText('New password'), { target: { value } });
      fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    };
    fill('password123');
    expect((await screen.findByRole('alert')).textContent).toBe('This is a commonly used password.');
    fill('amber-lighthouse-fern-27');
    expect(await screen.findByText(/Your password has been changed, and every device has been signed out/)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password-reset').at(-1)?.body).toEqual({ token: TOKEN, new_password: 'amber-lighthouse-fern-27' });
  });

  it('says at once that a used or expired reset link cannot be used, and offers a new one (the audit: only after typing the password twice)', async () => {
    api.on('POST /api/auth/password-reset/check', apiFailure(409, 'LINK_USED', 'This link has already been used.'));
    api.on('POST /api/auth/password-reset/request', { json: { success: true } });
    renderAt(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This reset link cannot be used' })).toBeTruthy();
    expect(screen.getByText('This link has already been used.')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Send me a new reset link' }));
    expect(await screen.findByRole('button', { name: 'Send me a reset link' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/password-reset')).toHaveLength(0);
  });

  it('shows the form when identity cannot say whether the link works (setting the password asks again)', async () => {
    api.on('POST /api/auth/password-reset/check', apiFailure(503, 'SERVICE_UNAVAILABLE', 'Try again shortly.'));
    renderAt(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('changes nothing until the button is pressed on the e-mail change and sign-in link pages', async () => {
    api.on('POST /api/auth/email-change/confirm', { json: { success: true, email: 'new@example.org' } });
    renderAt(`/confirm-email-change?token=${TOKEN}`);
    expect(api.callsTo('POST /api/auth/email-change/confirm')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByText('Your account now uses new@example.org. Sign in with it from now on.')).toBeTruthy();
  });

  it('says a link without its token is incomplete', () => {
    renderAt('/unlock?token=cut-short');
    expect(screen.getByRole('alert').textContent).toMatch(/This link is incomplete/);
    expect(screen.queryByRole('button', { name: 'Sign me in' })).toBeNull();
  });
});
