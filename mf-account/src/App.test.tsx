import { keishaStore } from '@keisha/store';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import AccountApp from './App.tsx';

function renderPage(page: string) {
  return render(
    <MemoryRouter>
      <AccountApp page={page} />
    </MemoryRouter>,
  );
}

afterEach(() => keishaStore.getState().dispatchAuth({ type: 'LOGOUT' }));

describe('admin sign-in page', () => {
  it('has labelled email and password fields and a Sign In button', () => {
    renderPage('admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('enables Sign In only when both fields are filled', () => {
    renderPage('admin');
    const submit = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@keisha.ai' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  ' } });
    expect(submit.disabled).toBe(true);
  });
});

describe('account page', () => {
  it('offers a way to sign in when nobody is signed in', () => {
    renderPage('account');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in on the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
  });

  it("shows the signed-in user's email", () => {
    keishaStore.getState().dispatchAuth({
      type: 'LOGIN_SUCCESS',
      user: { id: 'u1', email: 'member@example.org', daily_usage_count: 0, last_usage_reset: '2025-01-01' },
    });
    renderPage('account');
    expect(screen.getByText('member@example.org')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in on the News Decoder' })).toBeNull();
  });
});
