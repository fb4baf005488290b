import { describe, expect, it } from 'vitest';
import {
  actionDoneMessage,
  actionFailedMessage,
  actionPath,
  actionsFor,
  amountLabel,
  applyToList,
  confirmationFor,
  manualPaymentsPath,
  planLabel,
  statusLabel,
  statusTone,
} from './manual-payments.ts';
import { manualPayment } from '../../../testing/manual-payment.ts';

const payment = manualPayment;

describe('paths', () => {
  it("are billing's admin routes", () => {
    expect(manualPaymentsPath('pending')).toBe('/api/billing/admin/manual-payments?status=pending');
    expect(manualPaymentsPath('all')).toBe('/api/billing/admin/manual-payments?status=all');
    expect(actionPath('approve', 'a/b')).toBe('/api/billing/admin/manual-payments/a%2Fb/approve');
    expect(actionPath('reject', 'x')).toBe('/api/billing/admin/manual-payments/x/reject');
    expect(actionPath('refund', 'x')).toBe('/api/billing/admin/subscriptions/x/refund');
  });
});

describe('actionsFor', () => {
  it('approves or rejects a pending payment, refunds a paid one, and leaves final ones alone', () => {
    expect(actionsFor({ status: 'pending' })).toEqual(['approve', 'reject']);
    expect(actionsFor({ status: 'active' })).toEqual(['refund']);
    expect(actionsFor({ status: 'cancelled' })).toEqual(['refund']);
    expect(actionsFor({ status: 'failed' })).toEqual([]);
    expect(actionsFor({ status: 'refunded' })).toEqual([]);
    expect(actionsFor({ status: 'expired' })).toEqual([]);
  });
});

describe('labels', () => {
  it('names plans, amounts and statuses in words', () => {
    expect(planLabel(payment())).toBe('Decoder Monthly');
    expect(planLabel(payment({ product: 'chat', tier: 'Gold' }))).toBe('Chat Gold');
    expect(amountLabel(14.99)).toBe('$14.99');
    expect(amountLabel(150)).toBe('$150.00');
    expect(amountLabel(null)).toBe('—');
    expect(statusLabel('failed')).toBe('Rejected');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('something')).toBe('Unknown');
    expect(statusTone('active')).toBe('success');
    expect(statusTone('pending')).toBe('accent');
    expect(statusTone('refunded')).toBe('danger');
  });
});

describe('confirmationFor', () => {
  it('asks before every action, and says what to check first', () => {
    expect(confirmationFor('approve', payment())).toEqual({
      title: "Approve member@example.org's payment?",
      body: 'Only approve once Cash App shows $14.99 for Decoder Monthly with member@example.org in the note. The plan starts at once.',
      confirmLabel: 'Yes, approve',
    });
    expect(confirmationFor('reject', payment())).toMatchObject({ confirmLabel: 'Yes, reject', danger: true });
    expect(confirmationFor('refund', payment({ status: 'active' }))).toMatchObject({ title: 'Record a refund to member@example.org?', danger: true });
    expect(confirmationFor('approve', payment({ email: null })).title).toBe("Approve 22222222-2222-4222-8222-222222222222's payment?");
  });
});

describe('messages', () => {
  it('say what was done, or what could not be', () => {
    expect(actionDoneMessage('approve', payment())).toBe('Approved: member@example.org now has Decoder Monthly.');
    expect(actionDoneMessage('reject', payment())).toBe("Rejected member@example.org's payment of $14.99.");
    expect(actionDoneMessage('refund', payment())).toBe('Refund recorded: Decoder Monthly of member@example.org has ended.');
    expect(actionFailedMessage('approve', payment())).toBe("Could not approve member@example.org's payment. Please try again.");
  });
});

describe('applyToList', () => {
  it('drops a payment that is no longer pending from the pending list, and updates it in the full list', () => {
    const first = payment();
    const second = payment({ id: '66666666-6666-4666-8666-666666666666' });
    const approved = { ...first, status: 'active' as const, grants_access: true };
    expect(applyToList([first, second], approved, 'pending')).toEqual([second]);
    expect(applyToList([first, second], approved, 'all')).toEqual([approved, second]);
  });
});
