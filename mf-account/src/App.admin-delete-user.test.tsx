// The admin console's users: deleting a reader's account, with its address typed as the confirmation.
import type { AdminUserRow } from '@keisha/contracts/identity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import { rowNamed } from './testing/table.ts';
import { openUsersTable, ownRow, userRow, usersServedBy } from './testing/admin-users.ts';

const api = fakeApiForEachTest();

const serveUsers = usersServedBy(api);

const ann = userRow(1, { email: 'ann@example.org' });
const deletePath = `POST /api/identity/admin/users/${ann.id}/delete`;

const QUESTION_BODY =
  'Their history, conversations, API keys, newsletter subscription and support requests are erased in every service, ' +
  'any plan stops without refund, and they are mailed that an administrator deleted the account. ' +
  'Payment records are kept without name or address.';

/** Opens Ann's confirmation from her row's button, focused first as a click of a person would. */
async function openConfirmation(rows: AdminUserRow[]) {
  signedInAs(api, ADMIN);
  serveUsers(rows);
  const table = await openUsersTable();
  const row = rowNamed(table, 'ann@example.org');
  const opener = within(row).getByRole('button', { name: 'Delete account…' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Delete ann@example.org for good?' });
  const field = within(dialog).getByRole('textbox', { name: 'Type the account’s address to confirm' }) as HTMLInputElement;
  const confirm = within(dialog).getByRole('button', { name: 'Delete this account' }) as HTMLButtonElement;
  return { table, row, opener, dialog, field, confirm };
}

describe('deleting an account from the console', () => {
  it("offers it on readers' rows, not on administrators' nor on one's own", async () => {
    signedInAs(api, ADMIN);
    const bob = userRow(2, { email: 'bob@example.org', role: 'admin' });
    const cat = userRow(3, { email: 'cat@example.org', disabled: true });
    serveUsers([ownRow, ann, bob, cat]);
    const table = await openUsersTable();
    const annDelete = within(rowNamed(table, 'ann@example.org')).getByRole('button', { name: 'Delete account…' });
    expect(annDelete.getAttribute('aria-describedby')).toBe(within(rowNamed(table, 'ann@example.org')).getByText('ann@example.org').id);
    expect(annDelete.className).toMatch(/danger/);
    expect(within(rowNamed(table, 'cat@example.org')).getByRole('button', { name: 'Delete account…' })).toBeTruthy();
    expect(within(rowNamed(table, 'bob@example.org')).queryByRole('button', { name: 'Delete account…' })).toBeNull();
    expect(within(rowNamed(table, 'bob@example.org')).getByRole('button', { name: 'Make user' })).toBeTruthy();
    expect(within(rowNamed(table, 'admin@example.org')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what goes and what is kept, and keeps the button disabled until the address is typed', async () => {
    const { dialog, field, confirm } = await openConfirmation([ownRow, ann]);
    expect(within(dialog).getByText(QUESTION_BODY)).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe(within(dialog).getByText(QUESTION_BODY).id);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('');
    expect(confirm.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'ann@example.or' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'bob@example.org' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '  ANN@Example.org ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(field, { target: { value: 'ann@example.org.' } });
    expect(confirm.disabled).toBe(true);
    expect(api.callsTo(deletePath)).toHaveLength(0);
  });

  it('closes with Escape or Cancel, deleting nothing, and focus returns to the row’s button', async () => {
    const { row, opener, dialog, field } = await openConfirmation([ownRow, ann]);
    fireEvent.change(field, { target: { value: 'ann@example.org' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(dialog.isConnected).toBe(false);

    fireEvent.click(opener);
    const again = screen.getByRole('dialog', { name: 'Delete ann@example.org for good?' });
    // A new question: nothing typed from the last one.
    expect((within(again).getByRole('textbox') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(api.callsTo(deletePath)).toHaveLength(0);
    expect(within(row).getByText('ann@example.org')).toBeTruthy();
  });

  it('deletes with the typed address, takes the row away and says so', async () => {
    const bob = userRow(2, { email: 'bob@example.org' });
    const rows = [ownRow, ann, bob];
    // identity's list no longer has the account once it is deleted, nor counts it.
    api.on(deletePath, () => {
      rows.splice(rows.indexOf(ann), 1);
      serveUsers(rows);
      return { json: { success: true } };
    });
    const { table, field, confirm } = await openConfirmation(rows);
    expect(screen.getByText('3 users')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Ann@Example.org ' } });
    fireEvent.click(confirm);

    const done = await screen.findByText('ann@example.org was deleted.');
    expect(done.getAttribute('role')).toBe('status');
    // The row took the focus with it: the line saying it is done has it.
    await waitFor(() => expect(document.activeElement).toBe(done.parentElement));
    expect(screen.queryByRole('dialog')).toBeNull();
    const calls = api.callsTo(deletePath);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ confirm_email: 'ann@example.org' });
    expect(calls[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
    expect(within(table).queryByText('ann@example.org')).toBeNull();
    expect(rowNamed(table, 'bob@example.org')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2 users')).toBeTruthy());
    // The page is read again, and still has no row for her.
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/users')).toHaveLength(2));
    expect(within(table).queryByText('ann@example.org')).toBeNull();
    expect(document.activeElement).toBe(done.parentElement);
  });

  it("shows identity's refusal of an administrator's account on the confirmation, and reads the list again", async () => {
    const message = 'An administrator’s account cannot be deleted. Remove the administrator role first.';
    api.on(deletePath, apiFailure(409, 'ADMIN_ACCOUNT', message));
    const { dialog, field, confirm } = await openConfirmation([ownRow, ann]);
    fireEvent.change(field, { target: { value: 'ann@example.org' } });
    fireEvent.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByText('ann@example.org was deleted.')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/users')).toHaveLength(2));
    // Typing again clears it; Cancel still closes.
    fireEvent.change(field, { target: { value: 'ann@example.org ' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows a refused address as the field's error", async () => {
    const message = 'The address you typed is not this account’s address.';
    api.on(deletePath, {
      status: 400,
      json: { success: false, error: { code: 'VALIDATION', message, details: { field: 'confirm_email' } } },
    });
    const { dialog, field, confirm } = await openConfirmation([ownRow, ann]);
    fireEvent.change(field, { target: { value: 'ann@example.org' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = within(dialog).getByText(message);
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(field);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});
