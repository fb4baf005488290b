// The way into the admin console: its sign-in, the 403 page for a member, and the console's sections.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authSuccess } from '@keisha/config/testing/fake-api';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, signedOut, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import { ownRow, usersServedBy } from './testing/admin-users.ts';

const api = fakeApiForEachTest();

const serveUsers = usersServedBy(api);

describe('admin sign-in', () => {
  it('has labelled email and password fields and a Sign In button', async () => {
    signedOut(api);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('enables Sign In only when both fields are filled', () => {
    signedOut(api);
    renderApp('/admin');
    const submit = screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@keisha.ai' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '  ' } });
    expect(submit.disabled).toBe(true);
  });

  it('signs in through the shared session and shows the console on /admin', async () => {
    signedOut(api);
    api.on('POST /api/auth/admin/login', authSuccess(ADMIN));
    serveUsers([ownRow]);
    renderApp('/admin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' admin@example.org ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'admin-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/admin/login')[0]?.body).toEqual({ email: 'admin@example.org', password: 'admin-pass-123' });
    expect(screen.getByTestId('location').textContent).toBe('/admin');
    // The list is asked for with the new session's token.
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/users')).toHaveLength(1));
    expect(api.callsTo('GET /api/identity/admin/users')[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it("shows the server's message when sign-in is refused", async () => {
    signedOut(api);
    api.on('POST /api/auth/admin/login', apiFailure(403, 'FORBIDDEN', 'This account is not an administrator'));
    renderApp('/admin');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'member@example.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This account is not an administrator');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy();
  });
});

describe('access denied', () => {
  it('refuses a signed-in non-admin with a 403 page and a way home', async () => {
    signedInAs(api, MEMBER);
    renderApp('/admin/waitlist');
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText(/admin area is for administrators/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(api.callsTo('GET /api/identity/admin/waitlist')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out and use another account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy();
  });
});

describe('admin console', () => {
  it('has the section links, the admin email and Sign Out', async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow]);
    renderApp('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin');
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Waitlist' }).getAttribute('href')).toBe('/admin/waitlist');
    expect(within(nav).getByRole('link', { name: 'Demo requests' }).getAttribute('href')).toBe('/admin/demo-requests');
    expect(within(nav).getByRole('link', { name: 'Manual payments' }).getAttribute('href')).toBe('/admin/payments');
    expect(screen.getByText(ADMIN.email)).toBeTruthy();
    await screen.findByRole('table', { name: 'Users' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('moves between sections', async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow]);
    api.on('GET /api/identity/admin/waitlist', { json: { success: true, entries: [], total: 0, page: 1, page_size: 20 } });
    renderApp('/admin');
    fireEvent.click(screen.getByRole('link', { name: 'Waitlist' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/waitlist');
  });

  it('sends an unknown section back to Users', async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow]);
    renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin');
  });
});
