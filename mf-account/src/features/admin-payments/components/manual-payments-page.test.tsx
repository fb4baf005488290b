import type { ManualPaymentView } from '@keisha/contracts/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { manualPayment } from '../../../testing/manual-payment.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, signedInAs, fakeApiForEachTest } from '../../../testing/session.ts';
import { apiFailure } from '../../../testing/api-failure.ts';
import { columnHeaders, rowNamed } from '../../../testing/table.ts';

function payment(n: number, overrides: Partial<ManualPaymentView> = {}): ManualPaymentView {
  return manualPayment({ id: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`, email: `buyer${n}@example.org`, ...overrides });
}

const LIST = 'GET /api/billing/admin/manual-payments';

const api = fakeApiForEachTest();
// The page also lists payments for deleted accounts (erased-account-payments-section.test.tsx): none here.
beforeEach(() => {
  api.on('GET /api/billing/admin/erased-account-payments', { json: { success: true, payments: [], total: 0, page: 1, page_size: 20 } });
});

function servePayments(pending: ManualPaymentView[], all: ManualPaymentView[] = pending) {
  api.on(LIST, (request) => ({ json: { success: true, payments: request.query.get('status') === 'all' ? all : pending } }));
}

async function openPayments() {
  signedInAs(api, ADMIN);
  renderApp('/admin/payments');
  expect(await screen.findByRole('heading', { level: 1, name: 'Manual payments' })).toBeTruthy();
  return screen.findByRole('table', { name: 'Manual payments' });
}

describe('manual payments', () => {
  it('lists the Cash App payments waiting for approval, with who paid, the plan, the amount and the note', async () => {
    servePayments([payment(1), payment(2, { product: 'chat', tier: 'Gold', amount: 150 })]);
    const table = await openPayments();
    const headers = columnHeaders(table);
    expect(headers).toEqual(['Account', 'Plan', 'Amount', 'Cash App note', 'Started', 'Status', 'Actions']);
    const first = rowNamed(table, 'buyer1@example.org');
    expect(within(first).getByText('Decoder Monthly')).toBeTruthy();
    expect(within(first).getByText('$14.99')).toBeTruthy();
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Reject' })).toBeTruthy();
    const second = rowNamed(table, 'buyer2@example.org');
    expect(within(second).getByText('Chat Gold')).toBeTruthy();
    expect(within(second).getByText('$150.00')).toBeTruthy();
    expect(screen.getByText(/^2 payments waiting for approval\./)).toBeTruthy();
    expect(api.callsTo(LIST)[0]?.query.get('status')).toBe('pending');
    expect(api.callsTo(LIST)[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it('approves a payment only after confirmation, then takes it off the pending list', async () => {
    const waiting = payment(1);
    servePayments([waiting]);
    api.on(`POST /api/billing/admin/manual-payments/${waiting.id}/approve`, {
      json: { success: true, subscription: { ...waiting, email: undefined, status: 'active', grants_access: true, current_period_end: '2026-12-21T10:00:00.000Z' } },
    });
    const table = await openPayments();
    fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: "Approve buyer1@example.org's payment?" });
    expect(within(dialog).getByText(/Only approve once Cash App shows \$14\.99 for Decoder Monthly with buyer1@example\.org in the note/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`POST /api/billing/admin/manual-payments/${waiting.id}/approve`)).toHaveLength(0);

    fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, approve' }));
    expect((await screen.findByText('Approved: buyer1@example.org now has Decoder Monthly.')).getAttribute('role')).toBe('status');
    expect(within(table).queryByRole('row', { name: /buyer1@example\.org/ })).toBeNull();
    expect(within(table).getByText('No Cash App payments are waiting for approval.')).toBeTruthy();
    expect(api.callsTo(`POST /api/billing/admin/manual-payments/${waiting.id}/approve`)).toHaveLength(1);
  });

  it('rejects a payment after confirmation', async () => {
    const waiting = payment(1);
    servePayments([waiting]);
    api.on(`POST /api/billing/admin/manual-payments/${waiting.id}/reject`, { json: { success: true, subscription: { ...waiting, status: 'failed' } } });
    const table = await openPayments();
    fireEvent.click(within(table).getByRole('button', { name: 'Reject' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: "Reject buyer1@example.org's payment?" })).getByRole('button', { name: 'Yes, reject' }));
    expect((await screen.findByText("Rejected buyer1@example.org's payment of $14.99.")).getAttribute('role')).toBe('status');
  });

  it("shows billing's refusal, and the list as it now is", async () => {
    const waiting = payment(1);
    servePayments([waiting]);
    api.on(`POST /api/billing/admin/manual-payments/${waiting.id}/approve`, apiFailure(409, 'NOT_PENDING', 'This payment is no longer pending.'));
    const table = await openPayments();
    servePayments([]);
    fireEvent.click(within(table).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This payment is no longer pending.');
    await waitFor(() => expect(within(table).getByText('No Cash App payments are waiting for approval.')).toBeTruthy());
  });

  it('shows every payment on request, and records the refund of a paid one', async () => {
    const paid = payment(3, { status: 'active', grants_access: true, current_period_end: '2026-12-21T10:00:00.000Z' });
    const rejected = payment(4, { status: 'failed' });
    servePayments([], [paid, rejected]);
    api.on(`POST /api/billing/admin/subscriptions/${paid.id}/refund`, { json: { success: true, subscription: { ...paid, status: 'refunded', grants_access: false } } });
    await openPayments();
    expect(await screen.findByText('No Cash App payments are waiting for approval.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'All Cash App payments' }));
    const table = screen.getByRole('table', { name: 'Manual payments' });
    const paidRow = await within(table).findByRole('row', { name: /buyer3@example\.org/ });
    expect(within(paidRow).getByText('Active')).toBeTruthy();
    expect(within(paidRow).getByText('until Dec 21, 2026')).toBeTruthy();
    const rejectedRow = rowNamed(table, 'buyer4@example.org');
    expect(within(rejectedRow).getByText('Rejected')).toBeTruthy();
    expect(within(rejectedRow).queryByRole('button')).toBeNull();
    fireEvent.click(within(paidRow).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Record a refund to buyer3@example.org?' })).getByRole('button', { name: 'Yes, record refund' }));
    expect((await screen.findByText('Refund recorded: Decoder Monthly of buyer3@example.org has ended.')).getAttribute('role')).toBe('status');
    expect(within(paidRow).getByText('Refunded')).toBeTruthy();
    expect(within(paidRow).queryByRole('button')).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    api.on(LIST, apiFailure(503, 'DOWN', 'Billing is unavailable.'));
    signedInAs(api, ADMIN);
    renderApp('/admin/payments');
    expect((await screen.findByRole('alert')).textContent).toBe('Billing is unavailable.');
    servePayments([payment(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /buyer1@example\.org/ })).toBeTruthy();
  });
});
