import { initialAuthState, keishaStore, localDate } from '@keisha/store';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountBar } from './account-bar.tsx';

const signIn = () =>
  act(() =>
    keishaStore.getState().dispatchAuth({
      type: 'RESTORE_SESSION',
      user: { id: 'u1', email: 'reader@example.org', role: 'user', daily_usage_count: 0, last_usage_reset: localDate() },
    }),
  );

afterEach(() => keishaStore.setState({ auth: initialAuthState }));

describe('AccountBar', () => {
  it("says 'Authenticating...' until the session is known", () => {
    render(<AccountBar />);
    expect(screen.getByRole('status').textContent).toBe('Authenticating...');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('shows the signed-in email and a Sign Out button', () => {
    render(<AccountBar />);
    signIn();
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('signs out on this page even when the server cannot be reached', async () => {
    // No server answers in tests (the origin never resolves).
    render(<AccountBar />);
    signIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await act(async () => {
      await new Promise((resolve) => {
        const stop = keishaStore.subscribe((state) => state.auth.user === null && (stop(), resolve(null)));
      });
    });
    expect(keishaStore.getState().auth.isAuthenticated).toBe(false);
    expect(screen.queryByText('reader@example.org')).toBeNull();
  });
});
