import { initialAuthState, keishaStore } from '@keisha/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLoginButton } from './admin-login-button.tsx';

function renderButton() {
  render(
    <MemoryRouter>
      <nav onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.setAttribute('data-escaped', '')}>
        <AdminLoginButton />
      </nav>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: 'Admin Login' });
}

function open() {
  const opener = renderButton();
  act(() => opener.focus());
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Admin Login' });
  return {
    opener,
    dialog,
    email: within(dialog).getByLabelText('Email') as HTMLInputElement,
    password: within(dialog).getByLabelText('Password') as HTMLInputElement,
    submit: within(dialog).getByRole('button', { name: 'Sign In' }) as HTMLButtonElement,
  };
}

afterEach(() => {
  keishaStore.setState({ auth: initialAuthState });
  vi.unstubAllGlobals();
});

describe('Admin Login', () => {
  it('opens a labelled modal dialog with the focus in the email field', () => {
    const { dialog, email, password, submit } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(email.required).toBe(true);
    expect(email.type).toBe('email');
    expect(password.required).toBe(true);
    expect(password.type).toBe('password');
    expect(submit.type).toBe('submit');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('closes on Escape without reaching the page, and gives the focus back', () => {
    const { opener, email } = open();
    fireEvent.keyDown(email, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(screen.getByRole('navigation').hasAttribute('data-escaped')).toBe(false);
  });

  it('closes with the Close button and with a click on the backdrop, not with a click inside', () => {
    const first = open();
    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(first.opener);
    const dialog = screen.getByRole('dialog', { name: 'Admin Login' });
    fireEvent.click(within(dialog).getByLabelText('Password'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    // A press that starts in a field and is released over the backdrop is not a dismissal.
    fireEvent.mouseDown(within(dialog).getByLabelText('Password'));
    fireEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends nothing while a field is empty', () => {
    const { email, submit } = open();
    fireEvent.change(email, { target: { value: 'admin@example.org' } });
    fireEvent.submit(submit.form!);
    expect(submit.disabled).toBe(false);
    expect(submit.textContent).toBe('Sign In');
  });

  it('reads Signing In... with everything disabled while busy, then shows the error', async () => {
    // No server answers in tests (the origin never resolves): the request fails like a network failure,
    // for which there is no server message.
    const { dialog, email, password, submit } = open();
    fireEvent.change(email, { target: { value: 'admin@example.org' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    act(() => submit.focus());
    fireEvent.submit(submit.form!);
    expect(submit.textContent).toBe('Signing In...');
    expect(submit.disabled).toBe(true);
    expect(email.disabled).toBe(true);
    expect(password.disabled).toBe(true);

    const alert = await within(dialog).findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert.textContent).toBe('An unexpected error occurred');
    expect(submit.textContent).toBe('Sign In');
    expect(submit.disabled).toBe(false);
    expect(email.disabled).toBe(false);
    expect(document.activeElement).toBe(submit);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('ties "Invalid email or password" to both fields, and clears it when one is edited', async () => {
    // Identity's answer to a wrong password (the network is the browser's: only fetch is stood in for).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: false, error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } }), { status: 401, headers: { 'content-type': 'application/json' } })),
    );
    const { dialog, email, password, submit } = open();
    fireEvent.change(email, { target: { value: 'admin@example.org' } });
    fireEvent.change(password, { target: { value: 'wrong-pass' } });
    fireEvent.submit(submit.form!);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    for (const field of [email, password]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
    fireEvent.change(password, { target: { value: 'right-pass' } });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-describedby')).toBeNull();
  });

  it('does not mark the fields invalid when the failure is not about them', async () => {
    const { dialog, email, password, submit } = open();
    fireEvent.change(email, { target: { value: 'admin@example.org' } });
    fireEvent.change(password, { target: { value: 'secret1' } });
    fireEvent.submit(submit.form!);
    await within(dialog).findByRole('alert', undefined, { timeout: 15_000 });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });
});
