import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, fakeApiForEachTest } from '../../../testing/session.ts';
import { apiFailure } from '../../../testing/api-failure.ts';

const api = fakeApiForEachTest();

const SECRET = `kei_live_${'Ab3_'.repeat(10)}xyz`;
const KEY = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Newsroom CMS',
  prefix: 'kei_live_Ab3_',
  created_at: '2026-11-24T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  used_today: 0,
};

function serveAccount(user: { id: string; email: string; role: 'user' | 'admin' }) {
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on('GET /api/profiles/me', { json: { success: true, profile: { id: user.id, username: 'member', avatar_url: null, website: null } } });
}

async function apiSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'API access' });
  return heading.closest('section')!;
}

describe('API access on the account page', () => {
  it('explains the plan and links to pricing for a reader without the annual plan', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    api.on('GET /api/decoder/api-keys', { json: { success: true, eligible: false, daily_limit: 10000, keys: [] } });
    renderApp('/account');
    const section = await apiSection();
    expect(await within(section).findByText(/API access comes with the annual plan/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(within(section).queryByRole('button', { name: 'Create key' })).toBeNull();
  });

  it('names and creates a key, shows it once with a copy button, and lists it', async () => {
    signedInAs(api, ADMIN);
    serveAccount(ADMIN);
    api.on('GET /api/decoder/api-keys', { json: { success: true, eligible: true, daily_limit: 10000, keys: [] } });
    api.on('POST /api/decoder/api-keys', { status: 201, json: { success: true, key: KEY, secret: SECRET } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp('/account');
    const section = await apiSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Create key' }));
    expect(await within(section).findByText('Please name the key.')).toBeTruthy();
    expect(api.callsTo('POST /api/decoder/api-keys')).toHaveLength(0);

    fireEvent.change(within(section).getByLabelText('Key name'), { target: { value: '  Newsroom CMS ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create key' }));
    expect((await within(section).findByLabelText('Your new API key')).textContent).toBe(SECRET);
    expect(api.callsTo('POST /api/decoder/api-keys')[0]!.body).toEqual({ name: 'Newsroom CMS' });
    fireEvent.click(within(section).getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(section).findByRole('button', { name: 'Copied' })).toBeTruthy();
    const item = within(section).getByRole('listitem', { name: 'API key Newsroom CMS' });
    expect(item.textContent).toContain('kei_live_Ab3_…');
    expect(item.textContent).toContain('Last used never');
    expect(item.textContent).toContain('0 of 10,000 articles today');
    // Gone once dismissed: the key is never shown again.
    fireEvent.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('Your new API key')).toBeNull();
    expect(section.textContent).not.toContain(SECRET);
  });

  it('revokes a key only after confirmation', async () => {
    signedInAs(api, ADMIN);
    serveAccount(ADMIN);
    api.on('GET /api/decoder/api-keys', { json: { success: true, eligible: true, daily_limit: 10000, keys: [{ ...KEY, used_today: 7, last_used_at: '2026-11-24T11:00:00.000Z' }] } });
    api.on(`DELETE /api/decoder/api-keys/${KEY.id}`, { json: { success: true, key: { ...KEY, used_today: 7, revoked_at: '2026-11-24T12:00:00.000Z' } } });
    renderApp('/account');
    const section = await apiSection();
    const item = await within(section).findByRole('listitem', { name: 'API key Newsroom CMS' });
    expect(item.textContent).toContain('7 of 10,000 articles today');
    fireEvent.click(within(item).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /api/decoder/api-keys/${KEY.id}`)).toHaveLength(0);
    fireEvent.click(within(item).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, revoke' }));
    await waitFor(() => expect(item.textContent).toContain('Revoked'));
    expect(api.callsTo(`DELETE /api/decoder/api-keys/${KEY.id}`)).toHaveLength(1);
    expect(within(item).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('shows the server’s message when a key cannot be created', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    api.on('GET /api/decoder/api-keys', { json: { success: true, eligible: true, daily_limit: 10000, keys: [] } });
    api.on('POST /api/decoder/api-keys', apiFailure(409, 'TOO_MANY_KEYS', 'An account holds at most 10 keys. Revoke one to create another.'));
    renderApp('/account');
    const section = await apiSection();
    fireEvent.change(await within(section).findByLabelText('Key name'), { target: { value: 'Eleventh' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create key' }));
    expect(await within(section).findByText('An account holds at most 10 keys. Revoke one to create another.')).toBeTruthy();
  });
});
