// "Delete your account", the account page's last section: what goes and what is kept, a paid plan that ends with
// the account, a first button that only opens the confirmation, the password, and the final button. After identity
// deleted the account the reader is signed out here and told where the confirmation went.
import { keishaStore } from '@keisha/store';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeApi } from '@keisha/config/testing/fake-api';
import { NETWORK_ERROR_MESSAGE } from './lib/error-message.ts';
import { renderApp } from './testing/render-app.tsx';
import { apiFailure } from './testing/api-failure.ts';
import { ADMIN, MEMBER, fakeApiForEachTest, signedInAs } from './testing/session.ts';

const api = fakeApiForEachTest();
const DELETE = 'POST /api/auth/delete-account';
const ADMIN_REFUSAL = 'An administrator’s account cannot be deleted here. Ask another administrator to remove your administrator role first.';

/** /account signed in as `user`, with identity's `answer` to the deletion; the section is returned. */
async function openDeletion(user: { id: string; email: string; role: 'user' | 'admin' }, answer: Parameters<FakeApi['on']>[1]) {
  signedInAs(api, user);
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on(DELETE, answer);
  api.on('POST /api/auth/logout', { json: { success: true } });
  renderApp('/account');
  return screen.findByRole('region', { name: 'Delete your account' });
}

/** The first step, then the password, then the final button. */
function deleteWith(section: HTMLElement, password: string) {
  fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
  fireEvent.change(within(section).getByLabelText('Your password, to confirm'), { target: { value: password } });
  fireEvent.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
}

describe('deleting the account', () => {
  it('says what goes and what is kept, and offers the final button only after the first step', async () => {
    const section = await openDeletion(MEMBER, { json: { success: true } });
    expect(section.textContent).toContain('your News Decoder history, and your API keys, which stop working');
    expect(section.textContent).toContain('every conversation you had with the chat assistant');
    expect(section.textContent).toContain('We keep the records of your payments, without your name or address');
    expect(within(section).queryByRole('button', { name: 'Delete my account for good' })).toBeNull();
    expect(within(section).queryByLabelText('Your password, to confirm')).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    const password = within(section).getByLabelText('Your password, to confirm');
    expect(document.activeElement).toBe(password);
    expect(section.textContent).toContain(`Once it is done, we send a confirmation to ${MEMBER.email}.`);
    expect(within(section).getByRole('button', { name: 'Delete my account for good' })).toBeTruthy();

    // The way back closes it, and focus returns to the first button.
    fireEvent.click(within(section).getByRole('button', { name: 'Keep my account' }));
    expect(within(section).queryByRole('button', { name: 'Delete my account for good' })).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Delete my account…' }));
    expect(api.callsTo(DELETE)).toHaveLength(0);
  });

  it('asks for the password before sending anything', async () => {
    const section = await openDeletion(MEMBER, { json: { success: true } });
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    expect(within(section).getByLabelText('Your password, to confirm').getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByText('Password is required')).toBeTruthy();
    expect(api.callsTo(DELETE)).toHaveLength(0);
  });

  it('says so when the password is wrong, on the field, without retrying it', async () => {
    const section = await openDeletion(MEMBER, apiFailure(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    deleteWith(section, 'wrong-pass');
    const password = within(section).getByLabelText('Your password, to confirm');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const described = (password.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Your password is incorrect.');
    expect(document.activeElement).toBe(password);
    expect(api.callsTo(DELETE)).toHaveLength(1);
    expect(keishaStore.getState().auth.user?.id).toBe(MEMBER.id);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
  });

  it('signs the reader out and says the account was deleted and where the confirmation went', async () => {
    const section = await openDeletion(MEMBER, { json: { success: true } });
    deleteWith(section, 'right-pass');
    const done = (await screen.findByRole('heading', { level: 1, name: 'Account deleted' })).closest('section')!;
    expect(within(done).getByRole('status').textContent).toBe(`Your account was deleted. We sent a confirmation to ${MEMBER.email}.`);
    expect(document.activeElement).toBe(within(done).getByRole('status').parentElement);
    expect(within(done).getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    const call = api.callsTo(DELETE)[0];
    expect(call?.body).toEqual({ password: 'right-pass' });
    expect(call?.headers.authorization).toBe(`Bearer token-of-${MEMBER.id}`);
    await waitFor(() => expect(keishaStore.getState().auth.user).toBeNull());
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Delete your account' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home page' })).toBeTruthy();
  });

  it('tells an administrator why their account cannot be deleted here, before asking for a password', async () => {
    const section = await openDeletion(ADMIN, { json: { success: true } });
    expect(section.textContent).toContain(ADMIN_REFUSAL);
    expect(within(section).queryByRole('button', { name: 'Delete my account…' })).toBeNull();
    expect(within(section).queryByLabelText('Your password, to confirm')).toBeNull();
  });

  it("shows identity's refusal when the account became an administrator's since the page opened, and keeps them signed in", async () => {
    const section = await openDeletion(MEMBER, apiFailure(409, 'ADMIN_ACCOUNT', ADMIN_REFUSAL));
    deleteWith(section, 'admin-pass');
    expect((await within(section).findByRole('alert')).textContent).toBe(ADMIN_REFUSAL);
    expect(within(section).getByLabelText('Your password, to confirm').getAttribute('aria-invalid')).toBeNull();
    expect(keishaStore.getState().auth.user?.id).toBe(MEMBER.id);
  });

  it('asks to try again when identity or the network cannot answer', async () => {
    const unavailable = 'Our database is not answering just now, so nothing was saved. Please try again in a moment.';
    const section = await openDeletion(MEMBER, apiFailure(503, 'DATABASE_UNAVAILABLE', unavailable));
    deleteWith(section, 'right-pass');
    expect((await within(section).findByRole('alert')).textContent).toBe(unavailable);

    api.on(DELETE, () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(within(section).getByRole('alert').textContent).toBe(NETWORK_ERROR_MESSAGE));
    expect(keishaStore.getState().auth.user?.id).toBe(MEMBER.id);
  });
});

describe('a paid plan', () => {
  const monthly = {
    id: '33333333-3333-4333-8333-333333333333',
    user_id: MEMBER.id,
    product: 'decoder',
    tier: 'monthly',
    status: 'active',
    provider: 'sandbox',
    payment_method: 'bitcoin',
    amount: 7,
    currency: 'USD',
    current_period_end: '2031-03-03T12:00:00.000Z',
    lifetime: false,
    grants_access: true,
    failure_reason: null,
    activated_at: '2031-02-03T12:00:00.000Z',
    cancelled_at: null,
    created_at: '2031-02-03T12:00:00.000Z',
    updated_at: '2031-02-03T12:00:00.000Z',
  };

  it('is named as ending now without a refund', async () => {
    api.on(`GET /api/bias-payment/subscription/${MEMBER.id}`, {
      json: { success: true, user_id: MEMBER.id, entitlement: null, subscription: null, subscriptions: [monthly] },
    });
    const section = await openDeletion(MEMBER, { json: { success: true } });
    expect(
      await within(section).findByText('Your News Decoder Monthly plan ends now with your account: it will not renew, and nothing is refunded for the time left.'),
    ).toBeTruthy();
  });

  it('is spoken of in general when billing cannot say', async () => {
    api.on(`GET /api/bias-payment/subscription/${MEMBER.id}`, apiFailure(503, 'BILLING_UNAVAILABLE', 'Billing is not answering'));
    const section = await openDeletion(MEMBER, { json: { success: true } });
    expect(
      await within(section).findByText('If you pay for a plan, it ends now with your account: it will not renew, and nothing is refunded for the time left.'),
    ).toBeTruthy();
  });
});
