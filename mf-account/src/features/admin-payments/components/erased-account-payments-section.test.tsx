import type { ErasedAccountPayment } from '@keisha/contracts/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../testing/api-failure.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { ADMIN, MEMBER, fakeApiForEachTest, signedInAs } from '../../../testing/session.ts';
import { columnHeaders, rowNamed } from '../../../testing/table.ts';

const LIST = 'GET /api/billing/admin/erased-account-payments';
const TITLE = 'Payments for deleted accounts';

function erasedPayment(n: number, overrides: Partial<ErasedAccountPayment> = {}): ErasedAccountPayment {
  const id = `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`;
  return {
    id,
    subscription_id: id,
    user_id: MEMBER.id,
    product: 'decoder',
    tier: 'monthly',
    amount: 14.99,
    currency: 'USD',
    provider: 'paypal',
    payment_method: 'paypal',
    provider_ref: `I-PAYPAL${String(n).padStart(6, '0')}`,
    payment_refs: [],
    arrived_at: '2026-12-05T10:00:00.000Z',
    returned_at: null,
    returned_by: null,
    ...overrides,
  };
}

const api = fakeApiForEachTest();
beforeEach(() => {
  api.on('GET /api/billing/admin/manual-payments', { json: { success: true, payments: [] } });
});

function serve(payments: ErasedAccountPayment[], total = payments.length) {
  api.on(LIST, (request) => ({ json: { success: true, payments, total, page: Number(request.query.get('page')), page_size: Number(request.query.get('page_size')) } }));
}

async function openSection() {
  signedInAs(api, ADMIN);
  renderApp('/admin/payments');
  const section = await screen.findByRole('region', { name: TITLE });
  expect(within(section).getByText('Money that arrived after the account was deleted. Refund it at the provider, then mark it returned.')).toBeTruthy();
  return section;
}

describe('payments for deleted accounts', () => {
  it('lists each with the provider and its references, the plan, the amount and when it arrived, newest first as billing sends them', async () => {
    serve([
      erasedPayment(1, { payment_refs: ['SALE-7781'] }),
      erasedPayment(2, { provider: 'coinbase', payment_method: 'bitcoin', provider_ref: 'CB-CHARGE-42', product: 'chat', tier: 'Gold', amount: 150 }),
    ]);
    const section = await openSection();
    const table = await within(section).findByRole('table', { name: TITLE });
    expect(columnHeaders(table)).toEqual(['Payment', 'Plan', 'Amount', 'Arrived', 'Purchase', 'Returned']);
    const paypal = rowNamed(table, 'I-PAYPAL000001');
    expect(within(paypal).getByText('PayPal')).toBeTruthy();
    expect(within(paypal).getByText('SALE-7781')).toBeTruthy();
    expect(within(paypal).getByText('Decoder Monthly')).toBeTruthy();
    expect(within(paypal).getByText('$14.99')).toBeTruthy();
    expect(within(paypal).getByText(erasedPayment(1).id)).toBeTruthy();
    expect(within(paypal).getByRole('button', { name: 'Mark returned' })).toBeTruthy();
    const bitcoin = rowNamed(table, 'CB-CHARGE-42');
    expect(within(bitcoin).getByText('Coinbase (Bitcoin)')).toBeTruthy();
    expect(within(bitcoin).getByText('Chat Gold')).toBeTruthy();
    expect(within(bitcoin).getByText('$150.00')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => (row.textContent?.includes('I-PAYPAL000001') ? 'paypal' : row.textContent?.includes('CB-CHARGE-42') ? 'bitcoin' : '?'))).toEqual(['paypal', 'bitcoin']);
    expect(api.callsTo(LIST)[0]?.query.get('page')).toBe('1');
    expect(api.callsTo(LIST)[0]?.headers.authorization).toBe(`Bearer token-of-${ADMIN.id}`);
  });

  it('says so when none arrived', async () => {
    serve([]);
    const section = await openSection();
    expect(await within(section).findByText('No payments arrived for deleted accounts.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Mark returned' })).toBeNull();
  });

  it('marks one returned only after confirmation, then shows when', async () => {
    const payment = erasedPayment(1);
    serve([payment]);
    const path = `POST /api/billing/admin/erased-account-payments/${payment.id}/returned`;
    api.on(path, { json: { success: true, payment: { ...payment, returned_at: '2026-12-06T09:30:00.000Z', returned_by: ADMIN.id } } });
    const section = await openSection();
    const row = rowNamed(await within(section).findByRole('table', { name: TITLE }), 'I-PAYPAL000001');

    fireEvent.click(within(row).getByRole('button', { name: 'Mark returned' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark $14.99 from PayPal returned?' });
    expect(within(dialog).getByText(/Only once the refund of PayPal I-PAYPAL000001, \$14\.99 for Decoder Monthly was made at PayPal/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(path)).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Mark returned' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark returned' }));
    expect((await within(section).findByText('Marked returned: PayPal I-PAYPAL000001, $14.99 for Decoder Monthly.')).getAttribute('role')).toBe('status');
    expect(within(row).getByText('Returned Dec 6, 2026')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(api.callsTo(path)).toHaveLength(1);
  });

  it('shows one already marked as returned, without the button', async () => {
    serve([erasedPayment(3, { returned_at: '2026-12-01T12:00:00.000Z', returned_by: ADMIN.id })]);
    const section = await openSection();
    const row = rowNamed(await within(section).findByRole('table', { name: TITLE }), 'I-PAYPAL000003');
    expect(within(row).getByText('Returned Dec 1, 2026')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it("shows billing's refusal of a mark, and the list as it now is", async () => {
    const payment = erasedPayment(1);
    serve([payment]);
    api.on(`POST /api/billing/admin/erased-account-payments/${payment.id}/returned`, apiFailure(404, 'NOT_FOUND', 'No payment arrived for a deleted account under this id.'));
    const section = await openSection();
    const row = rowNamed(await within(section).findByRole('table', { name: TITLE }), 'I-PAYPAL000001');
    serve([{ ...payment, returned_at: '2026-12-02T08:00:00.000Z', returned_by: ADMIN.id }]);
    fireEvent.click(within(row).getByRole('button', { name: 'Mark returned' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark returned' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('No payment arrived for a deleted account under this id.');
    await waitFor(() => expect(within(section).getByText('Returned Dec 2, 2026')).toBeTruthy());
  });

  it('pages through them', async () => {
    serve(Array.from({ length: 20 }, (_, i) => erasedPayment(i + 1)), 25);
    const section = await openSection();
    await within(section).findByRole('table', { name: TITLE });
    const pages = within(section).getByRole('navigation', { name: `${TITLE} pages` });
    serve([erasedPayment(21)], 25);
    fireEvent.click(within(pages).getByRole('button', { name: /next/i }));
    expect(await within(section).findByText('I-PAYPAL000021')).toBeTruthy();
    expect(api.callsTo(LIST).at(-1)?.query.get('page')).toBe('2');
    expect(api.callsTo(LIST).at(-1)?.query.get('page_size')).toBe('20');
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    api.on(LIST, apiFailure(503, 'DOWN', 'Billing is unavailable.'));
    const section = await openSection();
    expect((await within(section).findByRole('alert')).textContent).toBe('Billing is unavailable.');
    serve([erasedPayment(1)]);
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('row', { name: /I-PAYPAL000001/ })).toBeTruthy();
  });
});
