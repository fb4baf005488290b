// The admin console's lists of people who asked: the waitlist (with its CSV export) and the demo requests.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from './testing/session.ts';
import { apiFailure } from './testing/api-failure.ts';

const api = fakeApiForEachTest();

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
    api.on('GET /api/billing/admin/early-access', { json: { success: true, readers: [] } });
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
    expect(screen.getByText('Nobody has bought Chat Gold yet.')).toBeTruthy();
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
    api.on('GET /api/billing/admin/early-access', { json: { success: true, readers: [] } });
    renderApp('/admin/waitlist');
    expect(await screen.findByText('Nobody has joined the waitlist yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Database is busy');
  });
});

describe('early access (Chat Gold)', () => {
  it("lists billing's Gold readers above the waitlist, to invite first", async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/waitlist', { json: { success: true, entries: [], total: 0, page: 1, page_size: 20 } });
    api.on('GET /api/billing/admin/early-access', {
      json: { success: true, readers: [{ user_id: 'u-gold', email: 'gold@example.org', since: '2026-11-01T09:00:00.000Z' }, { user_id: 'u-2', email: null, since: '2026-11-02T09:00:00.000Z' }] },
    });
    renderApp('/admin/waitlist');
    const table = await screen.findByRole('table', { name: 'Early access (Chat Gold): invite first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['gold@example.org', 'Account u-2']);
    expect(api.callsTo('GET /api/billing/admin/early-access')[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it("says why the list could not load, without hiding the waitlist", async () => {
    signedInAs(api, ADMIN);
    api.on('GET /api/identity/admin/waitlist', { json: { success: true, entries: [], total: 0, page: 1, page_size: 20 } });
    api.on('GET /api/billing/admin/early-access', apiFailure(503, 'SERVICE_UNAVAILABLE', 'Billing is unavailable right now.'));
    renderApp('/admin/waitlist');
    expect(await screen.findByText('Billing is unavailable right now.')).toBeTruthy();
    expect(await screen.findByText('Nobody has joined the waitlist yet.')).toBeTruthy();
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
