// The account page of an account whose address is not confirmed (audit 2, L11): it says so at the top, with a
// new link, where before only the decoder's paywall and the chat offered one.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIRM_ADDRESS_TITLE, LINK_SENT } from '@keisha/ui';
import { renderApp } from './testing/render-app.tsx';
import { MEMBER, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { UNCONFIRMED_ACCOUNT } from './features/account/components/confirm-address-section.tsx';

const api = fakeApiForEachTest();

function serveAccount(verified: boolean) {
  api.on('GET /api/auth/me', { json: { success: true, user: { ...MEMBER, created_at: '2025-01-15T10:00:00.000Z', email_verified: verified } } });
  api.on('GET /api/profiles/me', { json: { success: true, profile: { id: MEMBER.id, username: null, avatar_url: null, website: null } } });
}

describe('an unconfirmed address on the account page', () => {
  it('says what it holds back and sends a new link', async () => {
    signedInAs(api, MEMBER);
    serveAccount(false);
    api.on('POST /api/auth/verify-email/resend', { json: { success: true } });
    renderApp('/account');
    const notice = await screen.findByRole('region', { name: CONFIRM_ADDRESS_TITLE });
    expect(within(notice).getByText(UNCONFIRMED_ACCOUNT)).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Send a new link' }));
    expect(await within(notice).findByText(LINK_SENT)).toBeTruthy();
    expect(api.callsTo('POST /api/auth/verify-email/resend')).toHaveLength(1);
  });

  it('says nothing once the address is confirmed', async () => {
    signedInAs(api, MEMBER);
    serveAccount(true);
    renderApp('/account');
    await screen.findByRole('heading', { level: 2, name: 'Change e-mail address' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: CONFIRM_ADDRESS_TITLE })).toBeNull();
    expect(api.callsTo('GET /api/auth/me').length).toBeGreaterThan(0);
  });
});
