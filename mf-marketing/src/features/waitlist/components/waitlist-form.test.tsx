import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitlistForm } from './waitlist-form.tsx';

function renderForm() {
  render(<WaitlistForm />);
  return {
    form: screen.getByRole('form', { name: 'Join the waitlist' }),
    input: screen.getByLabelText('Email address') as HTMLInputElement,
    button: screen.getByRole('button', { name: 'Join Waitlist' }) as HTMLButtonElement,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('WaitlistForm', () => {
  it('has one labelled email field and a Join Waitlist button, and leaves validation to the app', () => {
    const { form, input, button } = renderForm();
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(input.type).toBe('email');
    expect(button.type).toBe('submit');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses an invalid address in the browser, without calling the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { input, button } = renderForm();
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(button);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('A valid email is required.');
    expect(alert.getAttribute('data-kind')).toBe('error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an empty address', () => {
    const { button } = renderForm();
    fireEvent.click(button);
    expect(screen.getByRole('alert').textContent).toBe('A valid email is required.');
  });

  it('disables the form and reads Joining... while submitting, then reports a failed request as unexpected', async () => {
    // Test pages have no server origin: the relative request fails before it leaves, like a network failure.
    const { input } = renderForm();
    fireEvent.change(input, { target: { value: 'ada@example.org' } });
    fireEvent.submit(input.form!);
    const busy = screen.getByRole('button', { name: 'Joining...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(input.disabled).toBe(true);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^An unexpected error occurred: .+/);
    expect(alert.getAttribute('data-kind')).toBe('error');
    expect(input.disabled).toBe(false);
    expect(input.value).toBe('ada@example.org');
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeTruthy();
  });
});
