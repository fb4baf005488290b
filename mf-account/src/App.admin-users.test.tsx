// The admin console's users: the list with plans and usage, search and pages, and disabling, enabling, promoting
// and unlocking an account.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import { columnHeaders, rowNamed } from './testing/table.ts';
import { openUsersTable, ownRow, userRow, usersServedBy } from './testing/admin-users.ts';

const api = fakeApiForEachTest();

const serveUsers = usersServedBy(api);

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
