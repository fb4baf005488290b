import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest } from '@keisha/config/testing/fake-api';
import type { OutboxMessage, OutboxStatus } from './features/admin-outbox/domain/outbox.ts';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';

const api = fakeApiForEachTest();

function message(n: number, status: OutboxStatus, over: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: `m${n}`,
    to: `reader${n}@example.org`,
    subject: 'Confirm your e-mail address for Keisha',
    kind: 'verify-email',
    status,
    attempts: status === 'sent' ? 1 : 0,
    last_error: null,
    created_at: '2026-11-27T08:00:00.000Z',
    sent_at: status === 'sent' ? '2026-11-27T08:00:01.000Z' : null,
    next_attempt_at: status === 'pending' ? '2026-11-27T08:05:00.000Z' : null,
    body_kept: true,
    ...over,
  };
}

/** An outbox of 25 sent, 2 pending and 1 failed message, answered by page and status as identity does. */
function serveOutbox() {
  const all = [
    message(100, 'failed', { attempts: 8, last_error: 'connect ECONNREFUSED 127.0.0.1:2525', to: 'bounce@example.org' }),
    message(101, 'pending', { attempts: 2, last_error: '421 Try again later' }),
    message(102, 'pending'),
    ...Array.from({ length: 25 }, (_, i) => message(i + 1, 'sent')),
  ];
  api.on('GET /api/identity/admin/outbox', (request: FakeRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('page_size') ?? 50);
    const status = request.query.get('status');
    const rows = status ? all.filter((m) => m.status === status) : all;
    return { json: { success: true, messages: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size } };
  });
}

describe('the outbox', () => {
  it('is a section of the console', async () => {
    signedInAs(api, ADMIN);
    serveOutbox();
    api.on('GET /api/identity/admin/users', { json: { success: true, users: [], total: 0, page: 1, page_size: 20 } });
    renderApp('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe('/admin/outbox');
    fireEvent.click(within(nav).getByRole('link', { name: 'Outbox' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/outbox');
  });

  it('lists messages newest first with their status, attempts, last error and times, and counts each status', async () => {
    signedInAs(api, ADMIN);
    serveOutbox();
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    const failed = within(table).getByText('bounce@example.org').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('8')).toBeTruthy();
    expect(within(failed).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(within(failed).getByText('Address confirmation')).toBeTruthy();
    const pending = within(table).getByText('reader101@example.org').closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText(/Next attempt/)).toBeTruthy();
    const sent = within(table).getByText('reader1@example.org').closest('tr')!;
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getAllByRole('time').map((t) => t.getAttribute('datetime'))).toEqual(['2026-11-27T08:00:00.000Z', '2026-11-27T08:00:01.000Z']);

    const filters = screen.getByRole('group', { name: 'Show messages' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: 'All (28)' })).toBeTruthy());
    expect(within(filters).getByRole('button', { name: 'Pending (2)' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Sent (25)' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Failed (1)' })).toBeTruthy();
    expect(api.callsTo('GET /api/identity/admin/outbox')[0]!.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it('pages through the messages and filters them by status', async () => {
    signedInAs(api, ADMIN);
    serveOutbox();
    renderApp('/admin/outbox');
    await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Outbox' })).getByText('reader25@example.org')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Failed (1)' }));
    await waitFor(() => expect(screen.getByText('Page 1 of 1')).toBeTruthy());
    const table = screen.getByRole('table', { name: 'Outbox' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('bounce@example.org')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Failed (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.callsTo('GET /api/identity/admin/outbox').some((call) => call.query.get('status') === 'failed' && call.query.get('page_size') === '20')).toBe(true);
  });

  it('says "+" where identity stopped counting, and pages on until a page is not full', async () => {
    signedInAs(api, ADMIN);
    // As identity answers with its count capped (at 30 here, 10,000 in the service): 45 sent and 1 failed.
    const CAP = 30;
    const all = [message(100, 'failed', { to: 'bounce@example.org' }), ...Array.from({ length: 45 }, (_, i) => message(i + 1, 'sent'))];
    api.on('GET /api/identity/admin/outbox', (request: FakeRequest) => {
      const page = Number(request.query.get('page') ?? 1);
      const size = Number(request.query.get('page_size') ?? 50);
      const status = request.query.get('status');
      const rows = status ? all.filter((m) => m.status === status) : all;
      return { json: { success: true, messages: rows.slice((page - 1) * size, page * size), total: Math.min(rows.length, CAP), total_capped: rows.length > CAP, page, page_size: size } };
    });
    renderApp('/admin/outbox');
    await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getByText(/^30\+ messages\./)).toBeTruthy();
    const filters = screen.getByRole('group', { name: 'Show messages' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: 'All (31+)' })).toBeTruthy());
    expect(within(filters).getByRole('button', { name: 'Sent (30+)' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Failed (1)' })).toBeTruthy();
    expect(screen.getByText('Page 1 of 2+')).toBeTruthy();
    expect(screen.getByText('1–20 of 30+')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2+')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByText('41–46 of 46')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks again on Refresh, and shows a message that arrived meanwhile', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/outbox', (request: FakeRequest) => ({ json: { success: true, messages: [], total: 0, page: Number(request.query.get('page')), page_size: 20 } }));
    renderApp('/admin/outbox');
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
    serveOutbox();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('bounce@example.org')).toBeTruthy();
  });

  it('sends a failed message again: only failed ones with their text kept offer it, and the list is asked again', async () => {
    signedInAs(api, ADMIN);
    serveOutbox();
    api.on('POST /api/identity/admin/outbox/m100/retry', { json: { success: true, message: message(100, 'pending', { to: 'bounce@example.org' }) } });
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    // One button, on the failed row: pending and sent messages have none.
    expect(within(table).getAllByRole('button', { name: /^Send again/ })).toHaveLength(1);
    const asked = api.callsTo('GET /api/identity/admin/outbox').length;
    fireEvent.click(within(table).getByRole('button', { name: 'Send again: Confirm your e-mail address for Keisha, to bounce@example.org' }));
    expect((await screen.findByText('The message to bounce@example.org is queued to be sent again.')).getAttribute('role')).toBe('status');
    const call = api.callsTo('POST /api/identity/admin/outbox/m100/retry')[0]!;
    expect(call.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
    await waitFor(() => expect(api.callsTo('GET /api/identity/admin/outbox').length).toBeGreaterThan(asked));
  });

  it('offers nothing for a failed message whose text was emptied, and says why identity refused one', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/outbox', (request: FakeRequest) => {
      const rows = [message(1, 'failed', { to: 'old@example.org', body_kept: false }), message(2, 'failed', { to: 'raced@example.org' })];
      const status = request.query.get('status');
      const shown = status ? rows.filter((m) => m.status === status) : rows;
      return { json: { success: true, messages: shown, total: shown.length, page: 1, page_size: 20 } };
    });
    api.on('POST /api/identity/admin/outbox/m2/retry', apiFailure(409, 'NOT_FAILED', 'Only a message that failed can be sent again. Refresh the list to see where it stands.'));
    renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(within(within(table).getByText('old@example.org').closest('tr')!).queryByRole('button')).toBeNull();
    fireEvent.click(within(within(table).getByText('raced@example.org').closest('tr')!).getByRole('button', { name: /^Send again/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only a message that failed can be sent again. Refresh the list to see where it stands.');
  });

  it('says what went wrong when identity cannot answer, and tries again', async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/outbox', apiFailure(503, 'DATABASE_UNAVAILABLE', 'The database is not answering just now.'));
    renderApp('/admin/outbox');
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering just now.');
    serveOutbox();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Outbox' })).toBeTruthy();
  });
});
