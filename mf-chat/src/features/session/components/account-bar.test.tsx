import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountBar } from './account-bar.tsx';

afterEach(() => keishaStore.setState({ auth: initialAuthState }));

describe('AccountBar', () => {
  it("says 'Authenticating...' until the session is known, then the signed-in email", () => {
    render(
      <MemoryRouter>
        <AccountBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Authenticating...');
    act(() =>
      keishaStore.getState().dispatchAuth({
        type: 'RESTORE_SESSION',
        user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
      }),
    );
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('links the account page and the API documentation once signed in (issue 28)', () => {
    render(
      <MemoryRouter>
        <AccountBar />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
    act(() =>
      keishaStore.getState().dispatchAuth({
        type: 'RESTORE_SESSION',
        user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
      }),
    );
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/developers');
  });
});
