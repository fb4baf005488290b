import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@keisha/contracts/identity';
import { authSuccess, fakeApi } from '@keisha/config/testing/fake-api';
import { GUEST_RECORD_KEY } from '../hooks/use-guest-mode.ts';
import { DecoderHeader } from './decoder-header.tsx';

// No server answers in these tests (the page's origin never resolves): a request fails like a network
// failure, which is exactly the path shown here. Successful sign-ins are covered end to end.
const NETWORK_WAIT = { timeout: 15_000 };

const dispatch = (action: Parameters<ReturnType<typeof keishaStore.getState>['dispatchAuth']>[0]) =>
  act(() => keishaStore.getState().dispatchAuth(action));

function restoreAs(user: { email: string } | null) {
  dispatch({
    type: 'RESTORE_SESSION',
    user: user ? { id: 'u1', email: user.email, role: 'user', daily_usage_count: 0, last_usage_reset: localDate() } : null,
  });
}

function renderHeader() {
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <DecoderHeader />
    </MemoryRouter>,
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Sign In' });
  act(() => opener.focus());
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Sign in to Keisha' }) };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;
/** A guest opens the header's dialog, switches to "Create an account" and sends `email` with a matching password. */
function createAccountAsGuest(email: string) {
  renderHeader();
  restoreAs(null);
  const { dialog } = openDialog();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
  fireEvent.change(field(dialog, 'Email'), { target: { value: email } });
  fireEvent.change(field(dialog, 'Password'), { target: { value: 'quiet-meadow' } });
  fireEvent.change(field(dialog, 'Confirm Password'), { target: { value: 'quiet-meadow' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
  return dialog;
}
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  localStorage.clear();
});

describe('DecoderHeader', () => {
  it('links the account page and the API documentation beside Home, signed in or not (issue 28)', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/developers');
    restoreAs({ email: 'reader@example.com' });
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
  });

  it("shows 'Loading...' and no sign-in while the session is being restored", () => {
    renderHeader();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByText('Guest User')).toBeNull();
  });

  it('makes a visitor without an account a guest once the session is restored', () => {
    renderHeader();
    expect(localStorage.getItem(GUEST_RECORD_KEY)).toBeNull();
    restoreAs(null);
    expect(screen.getByText('Guest User')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(GUEST_RECORD_KEY) ?? 'null')).toEqual({
      tier: 'guest',
      daily_usage_count: 0,
      limit: 3,
      last_usage_reset: localDate(),
    });
  });

  it("keeps today's guest count and resets one from another day", () => {
    localStorage.setItem(GUEST_RECORD_KEY, JSON.stringify({ tier: 'guest', daily_usage_count: 3, limit: 3, last_usage_reset: '2001-01-01' }));
    renderHeader();
    restoreAs(null);
    expect(JSON.parse(localStorage.getItem(GUEST_RECORD_KEY) ?? 'null')).toMatchObject({ daily_usage_count: 0, last_usage_reset: localDate() });
  });

  it('shows the signed-in email with a Logout button and keeps no guest record', () => {
    localStorage.setItem(GUEST_RECORD_KEY, '{"tier":"guest"}');
    renderHeader();
    restoreAs({ email: 'reader@example.org' });
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.queryByText('Guest User')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(localStorage.getItem(GUEST_RECORD_KEY)).toBeNull();
  });

  it('signs out on Logout even when the server cannot be reached, and is a guest again', async () => {
    renderHeader();
    restoreAs({ email: 'reader@example.org' });
    const button = screen.getByRole('button', { name: 'Logout' });
    act(() => button.focus());
    fireEvent.click(button);
    expect(await screen.findByText('Guest User', undefined, NETWORK_WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(localStorage.getItem(GUEST_RECORD_KEY)).not.toBeNull();
  });
});

describe('DecoderHeader while identity cannot confirm the sign-in', () => {
  const AUTH_DOWN = 'We could not confirm your sign-in just now. Please try again in a moment.';

  it('says why and that the reader has not been signed out, and Try Again signs them in once identity answers', async () => {
    const api = fakeApi({ [`POST ${AUTH_PATHS.refresh}`]: { status: 503, json: { success: false, error: { code: 'AUTH_UNAVAILABLE', message: AUTH_DOWN } } } });
    vi.stubGlobal('fetch', api.fetch);
    try {
      renderHeader();
      dispatch({ type: 'SIGN_IN_UNCONFIRMED', problem: { status: 503, code: 'AUTH_UNAVAILABLE', message: AUTH_DOWN } });
      restoreAs(null);
      const notice = screen.getByRole('status');
      expect(notice.textContent).toContain(AUTH_DOWN);
      expect(notice.textContent).toContain('You have not been signed out.');

      api.on(`POST ${AUTH_PATHS.refresh}`, authSuccess({ id: 'u1', email: 'reader@example.org', role: 'user' }));
      fireEvent.click(within(notice).getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByText('reader@example.org')).toBeTruthy();
      expect(screen.queryByText(AUTH_DOWN, { exact: false })).toBeNull();
      expect(api.callsTo(`POST ${AUTH_PATHS.refresh}`)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says nothing of the kind to a visitor who never signed in', () => {
    renderHeader();
    restoreAs(null);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByText(/signed out/)).toBeNull();
  });
});

describe('sign-in / create-account dialog', () => {
  it('is a labelled modal dialog that takes the focus and gives it back on Escape', () => {
    renderHeader();
    restoreAs(null);
    const { opener, dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(field(dialog, 'Email'));
    expect(field(dialog, 'Password').type).toBe('password');
    expect(within(dialog).queryByLabelText('Confirm Password')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    fireEvent.keyDown(field(dialog, 'Email'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button and with a click on the backdrop', () => {
    renderHeader();
    restoreAs(null);
    fireEvent.click(within(openDialog().dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const { dialog } = openDialog();
    fireEvent.click(field(dialog, 'Email'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows each problem under its field and clears it when that field is edited', () => {
    renderHeader();
    restoreAs(null);
    const { dialog } = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    const email = field(dialog, 'Email');
    const password = field(dialog, 'Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toBe('Email is required');
    expect(describedText(password)).toBe('Password is required');
    expect(document.activeElement).toBe(email);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.change(email, { target: { value: 'reader@' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect(describedText(password)).toBe('Password is required');

    fireEvent.change(password, { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(describedText(email)).toBe('Please enter a valid email address');
    expect(describedText(password)).toBe('Password must be at least 6 characters long');
  });

  it('asks for a confirmation in create mode and clears the fields when switching', () => {
    renderHeader();
    restoreAs(null);
    const { dialog } = openDialog();
    fireEvent.change(field(dialog, 'Email'), { target: { value: 'reader@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));

    expect(screen.getByRole('dialog', { name: 'Create your Keisha account' })).toBe(dialog);
    expect(field(dialog, 'Email').value).toBe('');
    expect(document.activeElement).toBe(field(dialog, 'Email'));
    const confirm = field(dialog, 'Confirm Password');
    fireEvent.change(field(dialog, 'Email'), { target: { value: 'reader@example.org' } });
    fireEvent.change(field(dialog, 'Password'), { target: { value: 'quiet-meadow' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(describedText(confirm)).toBe('Please confirm your password');
    expect(document.activeElement).toBe(confirm);
    // The new password's hint states identity's rule, so following it is never refused.
    expect(describedText(field(dialog, 'Password'))).toContain('At least 8 characters');

    fireEvent.change(confirm, { target: { value: 'quiet-meadow-2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(describedText(confirm)).toBe('Passwords do not match');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in instead' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to Keisha' })).toBe(dialog);
    expect(within(dialog).queryByLabelText('Confirm Password')).toBeNull();
    expect(field(dialog, 'Email').value).toBe('');
    expect(field(dialog, 'Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('offers the guest option with its note, which closes the dialog', () => {
    renderHeader();
    restoreAs(null);
    localStorage.clear();
    const { opener, dialog } = openDialog();
    const guest = within(dialog).getByRole('button', { name: 'Continue as Guest (3 free uses/day)' });
    expect(describedText(guest)).toBe('Guest usage is tracked by IP address.');
    fireEvent.click(guest);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(JSON.parse(localStorage.getItem(GUEST_RECORD_KEY) ?? 'null')).toMatchObject({ tier: 'guest', limit: 3 });
  });

  it('is busy while signing in, then shows why the server could not be reached', async () => {
    renderHeader();
    restoreAs(null);
    const { dialog } = openDialog();
    fireEvent.change(field(dialog, 'Email'), { target: { value: 'reader@example.org' } });
    fireEvent.change(field(dialog, 'Password'), { target: { value: 'secret1' } });
    const submit = within(dialog).getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    act(() => submit.focus());
    fireEvent.submit(submit.form!);

    expect((within(dialog).getByRole('button', { name: 'Signing In...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(field(dialog, 'Email').disabled).toBe(true);
    const alert = await within(dialog).findByRole('alert', undefined, NETWORK_WAIT);
    expect(alert.textContent).toBe(
      'Unable to connect to authentication server. Please check your internet connection and try again.',
    );
    expect(submit.disabled).toBe(false);
    expect(submit.textContent).toBe('Sign In');
    expect(document.activeElement).toBe(submit);
    expect(field(dialog, 'Password').value).toBe('secret1');
  });

  it('names the registration server when creating an account fails to connect', async () => {
    const dialog = createAccountAsGuest('reader@example.org');
    expect(within(dialog).getByRole('button', { name: 'Creating Account...' })).toBeTruthy();
    const alert = await within(dialog).findByRole('alert', undefined, NETWORK_WAIT);
    expect(alert.textContent).toBe(
      'Unable to connect to registration server. Please check your internet connection and try again.',
    );
  });

  it('records a sign-up for the admin analytics when an account is created', async () => {
    const api = fakeApi({
      [`POST ${AUTH_PATHS.register}`]: authSuccess({ id: 'u2', email: 'new@example.org', role: 'user' }),
      'POST /api/analytics/track': { status: 202, json: { success: true } },
    });
    vi.stubGlobal('fetch', api.fetch);
    try {
      const dialog = createAccountAsGuest('new@example.org');
      await vi.waitFor(() => expect(api.callsTo('POST /api/analytics/track').map((call) => (call.body as { event: string }).event)).toEqual(['sign_up']));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('closes by itself when the person signs in elsewhere', () => {
    renderHeader();
    restoreAs(null);
    openDialog();
    dispatch({ type: 'LOGIN_SUCCESS', user: { id: 'u1', email: 'reader@example.org', daily_usage_count: 0, last_usage_reset: localDate() } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
