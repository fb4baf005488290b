import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsletterIssue } from '@keisha/contracts/identity';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, MEMBER, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';

const api = fakeApiForEachTest();

function serveAccount(user: { id: string; email: string; role: 'user' | 'admin' }) {
  api.on('GET /api/auth/me', { json: { success: true, user: { ...user, created_at: '2025-01-15T10:00:00.000Z' } } });
  api.on('GET /api/profiles/me', { json: { success: true, profile: { id: user.id, username: null, avatar_url: null, website: null } } });
}

describe('the daily newsletter on the account page', () => {
  it('opts a Monthly reader in and out with one checkbox', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    let subscribed = false;
    api.on('GET /api/identity/newsletter/subscription', () => ({ json: { success: true, subscription: { subscribed, included: true, send_hour_utc: 7 } } }));
    api.on('PUT /api/identity/newsletter/subscription', (request) => {
      subscribed = (request.body as { subscribed: boolean }).subscribed;
      return { json: { success: true, subscription: { subscribed, included: true, send_hour_utc: 7 } } };
    });
    renderApp('/account');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Daily newsletter' })).closest('section')!;
    const box = await within(section).findByRole('checkbox', { name: 'Send me the daily newsletter' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(within(section).getByText(/the coded term of the day with its explanation/)).toBeTruthy();
    fireEvent.click(box);
    expect(await within(section).findByText('You will get the daily newsletter.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(api.callsTo('PUT /api/identity/newsletter/subscription').map((call) => call.body)).toEqual([{ subscribed: true }]);
    fireEvent.click(box);
    expect(await within(section).findByText('You will not get the daily newsletter.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it('tells a free reader the plans that include it, and shows why a change failed', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    api.on('GET /api/identity/newsletter/subscription', { json: { success: true, subscription: { subscribed: false, included: false, send_hour_utc: 7 } } });
    api.on('PUT /api/identity/newsletter/subscription', apiFailure(400, 'VALIDATION', 'Say whether to subscribe (true or false)'));
    renderApp('/account');
    expect(await screen.findByText(/comes with the Monthly and Annual plans/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me the daily newsletter' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Say whether to subscribe (true or false)');
    // The click showed at once and went back when the server refused it.
    expect((screen.getByRole('checkbox', { name: 'Send me the daily newsletter' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe("a free reader's opt-in", () => {
  it('says the newsletter starts when their plan includes it, not that it is coming', async () => {
    signedInAs(api, MEMBER);
    serveAccount(MEMBER);
    let subscribed = false;
    api.on('GET /api/identity/newsletter/subscription', () => ({ json: { success: true, subscription: { subscribed, included: false, send_hour_utc: 7 } } }));
    api.on('PUT /api/identity/newsletter/subscription', (request) => {
      subscribed = (request.body as { subscribed: boolean }).subscribed;
      return { json: { success: true, subscription: { subscribed, included: false, send_hour_utc: 7 } } };
    });
    renderApp('/account');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Send me the daily newsletter' }));
    expect(await screen.findByText('You are signed up for the daily newsletter. It starts when your plan includes it.')).toBeTruthy();
    expect(screen.queryByText('You will get the daily newsletter.')).toBeNull();
  });
});

const issue = (over: Partial<NewsletterIssue> = {}): NewsletterIssue => ({
  id: 'i1',
  day: '2099-01-01',
  subject: 'Coded words this week',
  body: '# Hello',
  format: 'markdown',
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
  recipients: 0,
  sent: 0,
  pending: 0,
  failed: 0,
  ...over,
});

describe('the admin Newsletter page', () => {
  it('is a section of the console next to the Outbox', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/users', { json: { success: true, users: [], total: 0, page: 1, page_size: 20 } });
    api.on('GET /api/identity/admin/newsletter', { json: { success: true, issues: [], days: [], subscribers: 0, send_hour_utc: 7 } });
    renderApp('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Newsletter')).toBe(links.indexOf('Outbox') + 1);
    fireEvent.click(within(nav).getByRole('link', { name: 'Newsletter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/newsletter');
  });

  it('schedules an issue, lists issues and what went out to how many, and sends today’s now', async () => {
    signedInAs(api, ADMIN);
    const issues = [issue({ id: 'sent', day: '2026-11-20', subject: 'Last week', recipients: 12, sent: 11, failed: 1 })];
    api.on('GET /api/identity/admin/newsletter', () => ({
      json: { success: true, issues, days: [{ day: '2026-11-21', kind: 'automatic', subject: 'Term of the day: inner city', recipients: 9, sent: 9, pending: 0, failed: 0 }], subscribers: 14, send_hour_utc: 7 },
    }));
    api.on('POST /api/identity/admin/newsletter/issues', (request) => {
      const created = issue({ id: 'new', ...(request.body as object) });
      issues.unshift(created);
      return { status: 201, json: { success: true, issue: created } };
    });
    api.on('POST /api/identity/admin/newsletter/run', { json: { success: true, run: { day: '2026-11-27', queued: 3, skipped: 1, complete: true, in_progress: false } } });
    renderApp('/admin/newsletter');
    expect(await screen.findByText(/14 readers subscribed. Each day from 07:00 UTC/)).toBeTruthy();
    const went = screen.getByRole('table', { name: 'What went out' });
    const row = within(went).getByText('2026-11-21').closest('tr')!;
    expect(within(row).getByText('Term of the day: inner city')).toBeTruthy();
    expect(within(row).getAllByText('9')).toHaveLength(2);
    const sentRow = within(screen.getByRole('table', { name: 'Newsletter issues' })).getByText('Last week').closest('tr')!;
    expect(within(sentRow).getByText('12')).toBeTruthy();
    expect(within(sentRow).queryByRole('button', { name: 'Edit' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Schedule issue' }));
    expect(await screen.findByText('Write a subject')).toBeTruthy();
    expect(screen.getByText('Write the issue')).toBeTruthy();
    expect(api.callsTo('POST /api/identity/admin/newsletter/issues')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Day (UTC)'), { target: { value: '2099-01-01' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Coded words this week' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: '# Hello\n\nThree **new** terms.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule issue' }));
    expect(await screen.findByText('Scheduled “Coded words this week” for 2099-01-01.')).toBeTruthy();
    expect(api.callsTo('POST /api/identity/admin/newsletter/issues')[0]!.body).toEqual({ day: '2099-01-01', subject: 'Coded words this week', body: '# Hello\n\nThree **new** terms.', format: 'markdown' });
    const newRow = (await within(screen.getByRole('table', { name: 'Newsletter issues' })).findByText('Coded words this week')).closest('tr')!;
    expect(within(newRow).getByRole('button', { name: 'Edit' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send today’s now' }));
    expect(await screen.findByText('Today’s newsletter: 3 messages queued, 1 subscribed reader without a plan that includes it.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/newsletter').length).toBeGreaterThanOrEqual(3));

    // A long list: identity answers 202 with how far it got, and goes on sending.
    api.on('POST /api/identity/admin/newsletter/run', { status: 202, json: { success: true, run: { day: '2026-11-27', queued: 500, skipped: 0, complete: false, in_progress: true } } });
    fireEvent.click(screen.getByRole('button', { name: 'Send today’s now' }));
    expect(await screen.findByText('Today’s newsletter is going out: 500 messages queued so far. It goes on without this page; Refresh shows how far it got.')).toBeTruthy();
  });
});
