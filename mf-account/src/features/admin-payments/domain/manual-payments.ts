// Manual (Cash App) payments as the admin console shows them: a buyer sends the amount with their account
// email in the note, an administrator matches it in Cash App and approves the purchase (the plan is active
// at once), or rejects it when no payment came. A paid purchase can be recorded as refunded, which ends it.
import { PAYMENT_PATHS, paymentPath, type ManualPaymentView, type SubscriptionStatus } from '@keisha/contracts/billing';
import type { Confirmation } from '../../../components/confirm-dialog.tsx';
import { pathWithQuery } from '../../../lib/query-string.ts';

export type PaymentsFilter = 'pending' | 'all';

export const PAYMENTS_FILTERS: ReadonlyArray<{ value: PaymentsFilter; label: string }> = [
  { value: 'pending', label: 'Waiting for approval' },
  { value: 'all', label: 'All Cash App payments' },
];

/** GET /api/billing/admin/manual-payments?status=pending|all */
export function manualPaymentsPath(filter: PaymentsFilter): string {
  return pathWithQuery(PAYMENT_PATHS.adminManualPayments, { status: filter });
}

export type PaymentAction = 'approve' | 'reject' | 'refund';

/** Where each action is posted. */
export function actionPath(action: PaymentAction, id: string): string {
  const path =
    action === 'approve'
      ? PAYMENT_PATHS.adminApproveManualPayment
      : action === 'reject'
        ? PAYMENT_PATHS.adminRejectManualPayment
        : PAYMENT_PATHS.adminRefundSubscription;
  return paymentPath(path, { id });
}

/**
 * What can be done with a payment: a pending one is approved or rejected; one that was paid (active, or
 * cancelled but still running) can be recorded as refunded. Failed, refunded and expired ones are final.
 */
export function actionsFor(payment: Pick<ManualPaymentView, 'status'>): PaymentAction[] {
  if (payment.status === 'pending') return ['approve', 'reject'];
  if (payment.status === 'active' || payment.status === 'cancelled') return ['refund'];
  return [];
}

export const ACTION_LABELS: Record<PaymentAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  refund: 'Refund',
};

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
  failed: 'Rejected',
};

/** A manual payment that failed was rejected by an administrator: it reads so. */
export function statusLabel(status: SubscriptionStatus | string): string {
  return STATUS_LABELS[status as SubscriptionStatus] ?? 'Unknown';
}

export function statusTone(status: SubscriptionStatus | string): 'neutral' | 'accent' | 'success' | 'danger' {
  if (status === 'active') return 'success';
  if (status === 'pending') return 'accent';
  if (status === 'failed' || status === 'refunded') return 'danger';
  return 'neutral';
}

function tierName(tier: string): string {
  const text = tier.trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}

/** 'Decoder Monthly', 'Chat Gold'. */
export function planLabel(payment: Pick<ManualPaymentView, 'product' | 'tier'>): string {
  return `${payment.product === 'chat' ? 'Chat' : 'Decoder'} ${tierName(payment.tier)}`;
}

/** '$14.99', or '—' when billing did not say. */
export function amountLabel(amount: number | null): string {
  if (amount === null || !Number.isFinite(amount)) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/** Who paid, for messages: the account email, else the account id. */
export function payerOf(payment: Pick<ManualPaymentView, 'email' | 'user_id'>): string {
  return payment.email ?? payment.user_id;
}

/** Every action is confirmed first: each one changes a person's plan at once. */
export function confirmationFor(action: PaymentAction, payment: ManualPaymentView): Confirmation {
  const who = payerOf(payment);
  const what = `${amountLabel(payment.amount)} for ${planLabel(payment)}`;
  switch (action) {
    case 'approve':
      return {
        title: `Approve ${who}'s payment?`,
        body: `Only approve once Cash App shows ${what} with ${who} in the note. The plan starts at once.`,
        confirmLabel: 'Yes, approve',
      };
    case 'reject':
      return {
        title: `Reject ${who}'s payment?`,
        body: `Reject it when no Cash App payment of ${what} arrived. The plan is not granted, and the buyer can start a new payment.`,
        confirmLabel: 'Yes, reject',
        danger: true,
      };
    case 'refund':
      return {
        title: `Record a refund to ${who}?`,
        body: `Send the ${amountLabel(payment.amount)} back in Cash App first. Recording the refund ends ${planLabel(payment)} at once.`,
        confirmLabel: 'Yes, record refund',
        danger: true,
      };
  }
}

/** Said once billing has made the change. */
export function actionDoneMessage(action: PaymentAction, payment: ManualPaymentView): string {
  const who = payerOf(payment);
  if (action === 'approve') return `Approved: ${who} now has ${planLabel(payment)}.`;
  if (action === 'reject') return `Rejected ${who}'s payment of ${amountLabel(payment.amount)}.`;
  return `Refund recorded: ${planLabel(payment)} of ${who} has ended.`;
}

/** Shown when billing refused without a message of its own. */
export function actionFailedMessage(action: PaymentAction, payment: ManualPaymentView): string {
  return `Could not ${action} ${payerOf(payment)}'s payment. Please try again.`;
}

/** After an action: the row as billing now has it, kept in an 'all' list, dropped from the 'pending' list. */
export function applyToList(payments: readonly ManualPaymentView[], updated: ManualPaymentView, filter: PaymentsFilter): ManualPaymentView[] {
  if (filter === 'pending' && updated.status !== 'pending') return payments.filter((payment) => payment.id !== updated.id);
  return payments.map((payment) => (payment.id === updated.id ? updated : payment));
}
