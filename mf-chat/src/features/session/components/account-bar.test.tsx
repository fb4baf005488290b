import { initialAuthState, keishaStore } from '@keisha/store';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test-support/reader.ts';
import { AccountBar } from './account-bar.tsx';

afterEach(() => keishaStore.setState({ auth: initialAuthState }));

describe('AccountBar', () => {
  it("says 'Authenticating...' until the session is known, then the signed-in email", () => {
    render(<AccountBar />, { wrapper: MemoryRouter });
    expect(screen.getByRole('status').textContent).toBe('Authenticating...');
    signIn();
    expect(screen.getByText('reader@example.org')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('links the account page and the API documentation once signed in (issue 28)', () => {
    render(<AccountBar />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
    signIn();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/developers');
  });
});
