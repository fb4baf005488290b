import type { AdminUserRow } from '@keisha/contracts/identity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authSuccess } from '@keisha/config/testing/fake-api';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, signedOut, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import { columnHeaders, rowNamed } from './testing/table.ts';

function userRow(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `person${n}@example.org`,
    role: 'user',
    created_at: '2025-03-05T12:00:00.000Z',
    disabled: false,
    last_sign_in_at: null,
    ...overrides,
  };
}

const ownRow: AdminUserRow = { ...ADMIN, created_at: '2025-01-01T12:00:00.000Z', disabled: false, last_sign_in_at: null };

const api = fakeApiForEachTest();

function serveUsers(rows: AdminUserRow[], total = rows.length) {
  api.on('GET /api/identity/admin/users', (request) => ({
    json: { success: true, users: rows, total, page: Number(request.query.get('page') ?? 1), page_size: 20 },
  }));
}

/** Opens the console as whoever is signed in, and waits for its users table. */
async function openUsersTable() {
  renderApp('/admin');
  return screen.findByRole('table', { name: 'Users' });
}

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

describe('users', () => {
  it('lists accounts with plan, usage, status and dates', async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org', last_sign_in_at: '2025-04-01T09:30:00.000Z' });
    const bob = userRow(2, { email: 'bob@example.org', role: 'admin', disabled: true });
    serveUsers([ownRow, ann, bob]);
    api.on('GET /api/billing/admin/entitlements', {
      json: { success: true, entitlements: { [ann.id]: { decoder_tier: 'monthly', chat_tier: 'Pro', expires_at: null } } },
    });
    api.on('GET /api/decoder/admin/usage', {
      json: { success: true, usage: { [ann.id]: { decoder_today: 2, chat_today: 7 } } },
    });
    const table = await openUsersTable();
    const headers = columnHeaders(table);
    expect(headers).toEqual(['Email', 'Role', 'Plan', "Today's usage", 'Status', 'Created', 'Last sign-in', 'Actions']);
    const annRow = rowNamed(table, 'ann@example.org');
    await waitFor(() => expect(within(annRow).getByText('Decoder Monthly · Chat Pro')).toBeTruthy());
    expect(within(annRow).getByText('Decoder 2 · Chat 7')).toBeTruthy();
    expect(within(annRow).getByText('Active')).toBeTruthy();
    expect(within(annRow).getByText('User')).toBeTruthy();
    expect(within(annRow).getByRole('button', { name: 'Make admin' })).toBeTruthy();
    expect(within(annRow).getByRole('button', { name: 'Disable' })).toBeTruthy();
    const bobRow = rowNamed(table, 'bob@example.org');
    expect(within(bobRow).getByText('Disabled')).toBeTruthy();
    expect(within(bobRow).getByRole('button', { name: 'Make user' })).toBeTruthy();
    expect(within(bobRow).getByRole('button', { name: 'Enable' })).toBeTruthy();
    // Billing had nothing for Bob: a dash, not a guess.
    expect(within(bobRow).getAllByText('—')).toHaveLength(2);
    const ids = api.callsTo('GET /api/billing/admin/entitlements')[0]?.query.get('user_ids');
    expect(ids).toBe([ownRow.id, ann.id, bob.id].join(','));
    // Your own row cannot be demoted or disabled.
    const ownRowElement = rowNamed(table, 'admin@example.org');
    expect(within(ownRowElement).queryByRole('button')).toBeNull();
  });

  it("takes today's chat messages from the chat service, and keeps the analyses when it fails", async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org' });
    const bob = userRow(2, { email: 'bob@example.org' });
    serveUsers([ownRow, ann, bob]);
    api.on('GET /api/decoder/admin/usage', {
      json: { success: true, usage: { [ann.id]: { decoder_today: 4, chat_today: null }, [bob.id]: { decoder_today: 1, chat_today: null } } },
    });
    api.on('GET /api/chat/admin/usage', { json: { success: true, usage: { [ann.id]: { chat_today: 9 }, [bob.id]: { chat_today: 0 } } } });
    const table = await openUsersTable();
    await waitFor(() => expect(within(rowNamed(table, 'ann@example.org')).getByText('Decoder 4 · Chat 9')).toBeTruthy());
    expect(within(rowNamed(table, 'bob@example.org')).getByText('Decoder 1 · Chat 0')).toBeTruthy();
    expect(api.callsTo('GET /api/chat/admin/usage')[0]?.query.get('user_ids')).toBe([ownRow.id, ann.id, bob.id].join(','));
    expect(api.callsTo('GET /api/chat/admin/usage')[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it("shows the analyses alone when the chat service cannot answer", async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org' });
    serveUsers([ownRow, ann]);
    api.on('GET /api/decoder/admin/usage', { json: { success: true, usage: { [ann.id]: { decoder_today: 4, chat_today: null } } } });
    api.on('GET /api/chat/admin/usage', apiFailure(503, 'DOWN', 'down'));
    const table = await openUsersTable();
    await waitFor(() => expect(within(rowNamed(table, 'ann@example.org')).getByText('Decoder 4')).toBeTruthy());
  });

  it("shows '—' for plan and usage while those services have no admin route", async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow, userRow(1)]);
    const table = await openUsersTable();
    const row = rowNamed(table, 'person1@example.org');
    await waitFor(() => expect(within(row).getAllByText('—')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches by email once typing pauses, from the first page', async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow], 45);
    await openUsersTable();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/users').at(-1)?.query.get('page')).toBe('2'));
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'an' } });
    fireEvent.change(search, { target: { value: 'ann ' } });
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/users').at(-1)?.query.get('q')).toBe('ann'));
    const searches = api.callsTo('GET /api/identity/admin/users').filter((call) => call.query.has('q'));
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query.get('page')).toBe('1');
  });

  it('pages with Previous and Next', async () => {
    signedInAs(api, ADMIN);
    serveUsers([ownRow], 45);
    renderApp('/admin');
    await screen.findByText('Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(api.callsTo('GET /api/identity/admin/users').at(-1)?.query.get('page_size')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('disables an account after confirmation', async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org' });
    serveUsers([ownRow, ann]);
    api.on(`PATCH /api/identity/admin/users/${ann.id}`, (request) => ({
      json: { success: true, user: { ...ann, ...(request.body as object) } },
    }));
    const table = await openUsersTable();
    const row = rowNamed(table, 'ann@example.org');

    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable ann@example.org?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(`PATCH /api/identity/admin/users/${ann.id}`)).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, disable' }));
    expect((await screen.findByText('ann@example.org has been disabled.')).getAttribute('role')).toBe('status');
    expect(api.callsTo(`PATCH /api/identity/admin/users/${ann.id}`)[0]?.body).toEqual({ disabled: true });
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Enable' })).toBeTruthy();
  });

  it('enables an account without asking, and makes a user an admin after asking', async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org', disabled: true });
    serveUsers([ownRow, ann]);
    api.on(`PATCH /api/identity/admin/users/${ann.id}`, (request) => ({
      json: { success: true, user: { ...ann, disabled: false, ...(request.body as object) } },
    }));
    const table = await openUsersTable();
    const row = rowNamed(table, 'ann@example.org');
    fireEvent.click(within(row).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('ann@example.org has been enabled.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Make admin' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Make ann@example.org an admin?' })).getByRole('button', { name: 'Yes, make admin' }));
    expect(await screen.findByText('ann@example.org is now an admin.')).toBeTruthy();
    expect(api.callsTo(`PATCH /api/identity/admin/users/${ann.id}`).map((call) => call.body)).toEqual([
      { disabled: false },
      { role: 'admin' },
    ]);
    expect(within(row).getByRole('button', { name: 'Make user' })).toBeTruthy();
  });

  it('unlocks an account’s sign-in without asking, and keeps the row as it was', async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org' });
    serveUsers([ownRow, ann]);
    api.on(`POST /api/identity/admin/users/${ann.id}/unlock`, () => ({ json: { success: true } }));
    const table = await openUsersTable();
    const row = rowNamed(table, 'ann@example.org');
    fireEvent.click(within(row).getByRole('button', { name: 'Unlock sign-in' }));
    expect(await screen.findByText('ann@example.org can sign in again: failed attempts were forgotten.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo(`POST /api/identity/admin/users/${ann.id}/unlock`)).toHaveLength(1);
    expect(within(row).getByRole('button', { name: 'Disable' })).toBeTruthy();
  });

  it("shows the server's refusal as an alert", async () => {
    signedInAs(api, ADMIN);
    const ann = userRow(1, { email: 'ann@example.org', role: 'admin' });
    serveUsers([ownRow, ann]);
    api.on(`PATCH /api/identity/admin/users/${ann.id}`, apiFailure(400, 'VALIDATION', 'Keisha needs at least one admin'));
    const row = rowNamed(await openUsersTable(), 'ann@example.org');
    fireEvent.click(within(row).getByRole('button', { name: 'Make user' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, make user' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Keisha needs at least one admin');
    expect(within(row).getByText('Admin')).toBeTruthy();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/users', apiFailure(403, 'FORBIDDEN', 'Admins only'));
    renderApp('/admin');
    expect((await screen.findByRole('alert')).textContent).toBe('Admins only');
    serveUsers([ownRow]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
  });
});

describe('waitlist', () => {
  it('lists sign-ups by page and exports them as CSV', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/waitlist', (request) => ({
      json: {
        success: true,
        entries: [{ id: 'w1', email: `early${request.query.get('page')}@example.org`, created_at: '2025-02-01T08:00:00.000Z' }],
        total: 21,
        page: Number(request.query.get('page')),
        page_size: 20,
      },
    }));
    api.on('GET /api/identity/admin/waitlist.csv', { text: 'email,created_at\nearly@example.org,2025-02-01\n', contentType: 'text/csv' });
    const createObjectURL = vi.fn(() => 'blob:keisha/1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    renderApp('/admin/waitlist');
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    expect(within(table).getByText('early1@example.org')).toBeTruthy();
    expect(screen.getByText('21 people waiting for the full platform.')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('early2@example.org')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The waitlist was downloaded as keisha-waitlist.csv.')).toBeTruthy();
    const csvCall = api.callsTo('GET /api/identity/admin/waitlist.csv')[0];
    expect(csvCall?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(clicks[0]?.download).toBe('keisha-waitlist.csv');
    expect(clicks[0]?.href).toBe('blob:keisha/1');
    click.mockRestore();
  });

  it("shows the server's message when the export fails", async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/waitlist', { json: { success: true, entries: [], total: 0, page: 1, page_size: 20 } });
    api.on('GET /api/identity/admin/waitlist.csv', apiFailure(503, 'UNAVAILABLE', 'Database is busy'));
    renderApp('/admin/waitlist');
    expect(await screen.findByText('Nobody has joined the waitlist yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Database is busy');
  });
});

describe('demo requests', () => {
  it('says they are not available yet while billing has no such route', async () => {
    signedInAs(api, ADMIN);
    renderApp('/admin/demo-requests');
    expect(screen.getByRole('heading', { level: 1, name: 'Demo requests' })).toBeTruthy();
    expect(await screen.findByText(/Demo requests are not available yet/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists them once billing serves them', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/billing/admin/demo-requests', {
      json: {
        success: true,
        requests: [{ id: 'd1', email: 'cto@university.example', created_at: '2025-02-01T08:00:00.000Z' }],
        total: 1,
        page: 1,
        page_size: 20,
      },
    });
    renderApp('/admin/demo-requests');
    const table = await screen.findByRole('table', { name: 'Demo requests' });
    expect(within(table).getByText('cto@university.example')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('reports a real failure as an error', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/billing/admin/demo-requests', { status: 500, text: 'oops', contentType: 'text/plain' });
    renderApp('/admin/demo-requests');
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load demo requests. Please try again.');
  });
});
