import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, signedOut, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';
import type { FakeApi } from '@keisha/config/testing/fake-api';

const api = fakeApiForEachTest();

/** /account signed in as `user`: their session, account and profile served, and the other answers given (route → answer). */
function openAccountAs(user: { id: string; email: string; role: 'user' | 'admin' }, answers: Record<string, Parameters<FakeApi['on']>[1]> = {}) {
  signedInAs(api, user);
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on('GET /api/profiles/me', {
    json: { success: true, profile: { id: user.id, username: 'member', avatar_url: null, website: 'https://member.example' } },
  });
  for (const [route, answer] of Object.entries(answers)) api.on(route, answer);
  renderApp('/account');
}

describe('signed out', () => {
  it('offers a way to sign in', () => {
    signedOut(api);
    renderApp('/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in on the News Decoder' }).getAttribute('href')).toBe('/bias-detection');
  });
});

describe('signed in', () => {
  it('shows the email, the plan from billing and the join date', async () => {
    openAccountAs(MEMBER, {
      'GET /api/billing/entitlements/me': {
        json: { success: true, entitlement: { decoder_tier: 'annual', chat_tier: 'Gold', expires_at: null } },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(screen.getByText(MEMBER.email)).toBeTruthy();
    expect(await screen.findByText('Decoder Annual · Chat Gold')).toBeTruthy();
    expect(await screen.findByText('Jan 15, 2025')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in on the News Decoder' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the admin console' })).toBeNull();
  });

  it("shows '—' when billing cannot say the plan", async () => {
    openAccountAs(MEMBER);
    const details = await screen.findByRole('heading', { level: 2, name: 'Account' });
    const section = details.closest('section')!;
    await waitFor(() => expect(within(section).getByText('—')).toBeTruthy());
  });

  it('links an admin to the console', async () => {
    openAccountAs(ADMIN);
    expect((await screen.findByRole('link', { name: 'Open the admin console' })).getAttribute('href')).toBe('/admin');
  });

  it('loads and saves the profile', async () => {
    openAccountAs(MEMBER, {
      'PATCH /api/profiles/me': (request) => ({
        json: { success: true, profile: { id: MEMBER.id, ...(request.body as object) } },
      }),
    });
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(username.value).toBe('member');
    expect((screen.getByLabelText('Website') as HTMLInputElement).value).toBe('https://member.example');
    fireEvent.change(username, { target: { value: '  Ann  ' } });
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'https://img.example/ann.png' } });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByText('Profile saved.')).getAttribute('role')).toBe('status');
    expect(api.callsTo('PATCH /api/profiles/me')[0]?.body).toEqual({
      username: 'Ann',
      avatar_url: 'https://img.example/ann.png',
      website: null,
    });
    expect(username.value).toBe('Ann');
  });

  it('checks the addresses before sending, and shows what the server refuses', async () => {
    openAccountAs(MEMBER, { 'PATCH /api/profiles/me': apiFailure(400, 'VALIDATION', 'That username is taken') });
    fireEvent.change(await screen.findByLabelText('Avatar URL'), { target: { value: 'me.png' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByText('Avatar URL must be a web address starting with http:// or https://')).toBeTruthy();
    expect(screen.getByLabelText('Avatar URL').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PATCH /api/profiles/me')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That username is taken');
  });

  it('checks the new password and changes it', async () => {
    openAccountAs(MEMBER, { 'POST /api/auth/change-password': { json: { success: true } } });
    const current = screen.getByLabelText('Current password') as HTMLInputElement;
    const next = screen.getByLabelText('New password') as HTMLInputElement;
    const confirm = screen.getByLabelText('Confirm new password') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Change password' });

    fireEvent.change(current, { target: { value: 'old-pass' } });
    fireEvent.change(next, { target: { value: '12345' } });
    fireEvent.change(confirm, { target: { value: '12345' } });
    fireEvent.click(submit);
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();

    fireEvent.change(next, { target: { value: 'new-pass-1' } });
    fireEvent.change(confirm, { target: { value: 'new-pass-2' } });
    fireEvent.click(submit);
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/change-password')).toHaveLength(0);

    fireEvent.change(confirm, { target: { value: 'new-pass-1' } });
    fireEvent.click(submit);
    expect((await screen.findByText('Password changed.')).getAttribute('role')).toBe('status');
    const call = api.callsTo('POST /api/auth/change-password')[0];
    expect(call?.body).toEqual({ current_password: 'old-pass', new_password: 'new-pass-1' });
    expect(call?.headers.authorization).toBe(`Bearer token-of-${MEMBER.id}`);
    expect(current.value).toBe('');
    expect(next.value).toBe('');
    expect(confirm.value).toBe('');
  });

  it('says so when the current password is wrong, without retrying it', async () => {
    openAccountAs(MEMBER, { 'POST /api/auth/change-password': apiFailure(401, 'INVALID_CREDENTIALS', 'Invalid email or password') });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-pass' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // The message is the current-password field's own: marked invalid, described by it, and focused so it is heard.
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const described = (current.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Your current password is incorrect.');
    await waitFor(() => expect(document.activeElement).toBe(current)); // the focus follows the render that marks the field
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    // Editing the field clears it.
    fireEvent.change(current, { target: { value: 'right-pass' } });
    expect(current.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Your current password is incorrect.')).toBeNull();
    expect(api.callsTo('POST /api/auth/change-password')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(screen.getByText(MEMBER.email)).toBeTruthy();
  });

  it("shows a new password the policy refuses under the new-password field, in identity's words", async () => {
    const reason = 'This is a commonly used password. Add more words that are less common.';
    openAccountAs(MEMBER, { 'POST /api/auth/change-password': apiFailure(400, 'WEAK_PASSWORD', reason) });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const next = screen.getByLabelText('New password');
    await waitFor(() => expect(next.getAttribute('aria-invalid')).toBe('true'));
    const described = (next.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(reason);
    expect(document.activeElement).toBe(next);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });

  it('signs out of all devices', async () => {
    openAccountAs(MEMBER, { 'POST /api/auth/logout-all': { json: { success: true } } });
    await screen.findByLabelText('Username');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(await screen.findByText('You have been signed out of all devices.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in on the News Decoder' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout-all')[0]?.headers.authorization).toBe(`Bearer token-of-${MEMBER.id}`);
  });

  it('signs out here', async () => {
    openAccountAs(MEMBER);
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Sign in on the News Decoder' })).toBeTruthy();
  });
});
