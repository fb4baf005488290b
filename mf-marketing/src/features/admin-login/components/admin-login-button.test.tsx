import { initialAuthState, keishaStore } from '@keisha/store';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(() => keishaStore.setState({ auth: initialAuthState }));

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
});
